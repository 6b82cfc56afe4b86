import { Anchor, Badge, Box, Button, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import { PLATAFORMA_NOMBRES, type Proyecto } from '@intranet/contract/areas/insights';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { proyectosLoteUrl, useProyectos } from './api.ts';
import { DsnField } from './DsnField.tsx';
import { insightsMessages as t } from './messages.ts';

const c = t.proyectoCampos;

const columns: ColumnDef<Proyecto>[] = [
  {
    id: 'nombre',
    header: c.nombre,
    cell: ({ row: { original: p } }) => (
      <>
        <Anchor component={Link} to={`/insights/proyectos/${p.id}`} fw={600} size="sm">
          {p.nombre}
        </Anchor>
        <Text size="xs" c="dimmed" ff="monospace">
          {p.slug}
        </Text>
      </>
    ),
  },
  { id: 'plataforma', header: c.plataforma, cell: ({ row }) => PLATAFORMA_NOMBRES[row.original.plataforma] },
  {
    id: 'activo',
    header: c.activo,
    cell: ({ row: { original: p } }) => (
      <Badge variant="dot" color={p.activo ? 'green' : 'gray'}>
        {p.activo ? t.activoSi : t.activoNo}
      </Badge>
    ),
  },
  {
    id: 'issues_sin_resolver',
    header: c.issues_sin_resolver,
    meta: { align: 'right' },
    cell: ({ row: { original: p } }) => (
      <Anchor component={Link} to={`/insights?proyecto_id=${p.id}&estado=unresolved`} size="sm" fw={600}>
        {formatNumero(p.issues_sin_resolver)}
      </Anchor>
    ),
  },
  {
    id: 'dsn',
    header: c.dsn,
    cell: ({ row }) => (
      <Box maw={420}>
        <DsnField dsn={row.original.dsn} compact />
      </Box>
    ),
  },
];

/**
 * `/insights/proyectos`: the monitor's projects, each with the DSN its apps report to. The bulk bar exports the
 * chosen ones and, with INSIGHTS#EDITAR, deletes them (confirmed) or turns their intake on or off.
 */
export function ProyectosList() {
  const proyectos = useProyectos();
  const puedeEditar = usePermiso('INSIGHTS#EDITAR');
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t.proyectosTitulo}
        back={{ to: '/insights', label: t.volverAlMonitor }}
        actions={
          puedeEditar && (
            <Button component={Link} to="/insights/proyectos/nuevo" leftSection={<IconPlus size={16} />}>
              {t.nuevoProyecto}
            </Button>
          )
        }
      />
      <Paper withBorder radius="md">
        <DataTable
          label={t.proyectosTabla}
          columns={columns}
          rows={proyectos.data}
          getRowId={(p) => String(p.id)}
          rowLabel={(p) => p.nombre}
          lote={{
            url: proyectosLoteUrl(),
            filtro: '',
            nombre: 'proyectos-monitor',
            eliminar: puedeEditar,
            campos: puedeEditar ? [{ campo: 'activo', etiqueta: c.activo, tipo: 'si_no' }] : undefined,
          }}
          loading={proyectos.isPending}
          error={proyectos.error}
          emptyText={t.sinProyectos}
          onRowClick={(p) => void navigate(`/insights/proyectos/${p.id}`)}
          minWidth={900}
        />
      </Paper>
    </>
  );
}
