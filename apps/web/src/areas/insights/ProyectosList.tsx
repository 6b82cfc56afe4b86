import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { PLATAFORMA_NOMBRES } from '@intranet/contract/insights';
import { listMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useProyectos } from './api.ts';
import { DsnField } from './DsnField.tsx';
import { insightsMessages as t } from './messages.ts';

const c = t.proyectoCampos;

/** `/insights/proyectos`: the monitor's projects, each with the DSN its apps report to. */
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
      {proyectos.isPending && <Loader aria-label={listMessages.cargando} />}
      {proyectos.isError && <Alert color="red" role="alert" title={listMessages.errorCarga}>{proyectos.error.message}</Alert>}
      {proyectos.data && (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table aria-label={t.proyectosTabla} highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{c.nombre}</Table.Th>
                  <Table.Th>{c.plataforma}</Table.Th>
                  <Table.Th>{c.activo}</Table.Th>
                  <Table.Th ta="right">{c.issues_sin_resolver}</Table.Th>
                  <Table.Th>{c.dsn}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {proyectos.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md" size="sm">
                        {t.sinProyectos}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {proyectos.data.map((p) => (
                  <Table.Tr
                    key={p.id}
                    style={{ cursor: 'pointer' }}
                    onClick={(event) => {
                      if ((event.target as HTMLElement).closest('a, button, input')) return;
                      void navigate(`/insights/proyectos/${p.id}`);
                    }}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={`/insights/proyectos/${p.id}`} fw={600} size="sm">
                        {p.nombre}
                      </Anchor>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {p.slug}
                      </Text>
                    </Table.Td>
                    <Table.Td fz="sm">{PLATAFORMA_NOMBRES[p.plataforma]}</Table.Td>
                    <Table.Td>
                      <Badge variant="dot" color={p.activo ? 'green' : 'gray'}>
                        {p.activo ? t.activoSi : t.activoNo}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Anchor component={Link} to={`/insights?proyecto_id=${p.id}&estado=unresolved`} size="sm" fw={600}>
                        {formatNumero(p.issues_sin_resolver)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td maw={420}>
                      <DsnField dsn={p.dsn} compact />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
    </>
  );
}
