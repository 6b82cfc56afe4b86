import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useParams } from 'react-router';
import { MAQUINA_TIPO_NOMBRES, type MaquinaTipo } from '@intranet/contract/areas/maquinas';
import type { PersonaDetalle } from '@intranet/contract/areas/personas';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useEliminarPersona, usePersona } from './api.ts';
import { ClientesTab } from './ClientesTab.tsx';
import { CuentaTab } from './CuentaTab.tsx';
import { DesarrollosTab } from './DesarrollosTab.tsx';
import { personasMessages as t } from './messages.ts';
import { ActivaBadge } from './PersonasList.tsx';

/**
 * `/personas/:id`: the person's data, the machines they hold, the clients and developments they are in charge of, their
 * account and their history, as tabs.
 */
export function PersonaDetail() {
  const id = Number(useParams().id);
  const persona = usePersona(id);
  return (
    <RecordScreen
      query={persona}
      title={t.titulo}
      back={{ to: '/personas', label: t.volver }}
      notFound={t.noEncontrada}
    >
      {(record) => <PersonaView persona={record} />}
    </RecordScreen>
  );
}

const maquinaColumns: ColumnDef<PersonaDetalle['maquinas'][number]>[] = [
  {
    id: 'nombre',
    header: t.maquinaCampos.nombre,
    cell: ({ row: { original: m } }) => (
      <Anchor component={Link} to={`/maquinas/${m.id}`} fw={600} size="sm">
        {m.nombre}
      </Anchor>
    ),
  },
  {
    id: 'tipo',
    header: t.maquinaCampos.tipo,
    cell: ({ row: { original: m } }) => MAQUINA_TIPO_NOMBRES[m.tipo as MaquinaTipo] ?? m.tipo,
  },
  {
    id: 'nro_inventario',
    header: t.maquinaCampos.nro_inventario,
    cell: ({ row }) => row.original.nro_inventario ?? '—',
  },
  { id: 'desde', header: t.maquinaCampos.desde, cell: ({ row }) => formatFecha(row.original.desde) },
];

function PersonaView({ persona }: { persona: PersonaDetalle }) {
  const administraCuentas = usePermiso('USUARIOS#ADMIN');
  // Developments are read with SER#VER; without it the tab is not offered.
  const veDesarrollos = usePermiso('SER#VER');
  const veClientes = usePermiso('CLIENTES#VER');
  const eliminar = useEliminarPersona();

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {persona.nombre_completo}
            <ActivaBadge activo={persona.activo} />
          </Group>
        }
        back={{ to: '/personas', label: t.volver }}
        actions={
          <>
            <EditButton to={`/personas/${persona.id}/editar`}>{t.editar}</EditButton>
            <DeleteAction
              label={t.eliminar}
              confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(persona.nombre_completo) }}
              run={() => eliminar.mutateAsync(persona.id)}
              done={(resultado) =>
                resultado.accion === 'eliminada'
                  ? { title: t.eliminada, message: persona.nombre_completo, to: '/personas' }
                  : {
                      color: 'yellow',
                      title: t.desactivada,
                      message: resultado.motivo ?? persona.nombre_completo,
                      autoClose: 10_000,
                    }
              }
              errorTitle={t.errorEliminar}
            />
          </>
        }
      />
      <RecordTabs
        tabs={[
          {
            value: 'datos',
            label: t.tabs.datos,
            panel: (
              <Stack gap="md">
                <Paper withBorder radius="md" p="lg">
                  <DetailGrid
                    items={[
                      { label: t.campos.nombre, value: persona.nombre },
                      { label: t.campos.apellido, value: persona.apellido },
                      { label: t.campos.legajo, value: persona.legajo },
                      {
                        label: t.campos.email,
                        value: persona.email && <Anchor href={`mailto:${persona.email}`}>{persona.email}</Anchor>,
                      },
                      { label: t.campos.telefono, value: persona.telefono },
                      { label: t.campos.interno, value: persona.interno },
                      { label: t.campos.puesto, value: persona.puesto },
                      { label: t.campos.area, value: persona.area },
                      {
                        label: t.campos.responsable_id,
                        value: persona.responsable_id && (
                          <Anchor component={Link} to={`/personas/${persona.responsable_id}`}>
                            {persona.responsable_nombre}
                          </Anchor>
                        ),
                      },
                      { label: t.tipo, value: persona.empresa_id === null ? t.tipos.personal : t.tipos.contacto },
                      { label: t.campos.usuario, value: persona.usuario },
                      { label: t.campos.actualizado, value: formatFechaHora(persona.actualizado) },
                      { label: t.campos.notas, value: persona.notas, wide: true },
                    ]}
                  />
                </Paper>
                {persona.a_cargo.length > 0 && (
                  <Paper withBorder radius="md" p="lg">
                    <Title order={2} size="h4" mb="sm">
                      {t.aCargo}
                    </Title>
                    <Group gap="md">
                      {persona.a_cargo.map((p) => (
                        <Anchor
                          key={p.id}
                          component={Link}
                          to={`/personas/${p.id}`}
                          c={p.activo ? undefined : 'dimmed'}
                        >
                          {p.nombre_completo}
                        </Anchor>
                      ))}
                    </Group>
                  </Paper>
                )}
              </Stack>
            ),
          },
          {
            value: 'maquinas',
            label: `${t.tabs.maquinas} (${persona.maquinas.length})`,
            panel:
              persona.maquinas.length === 0 ? (
                <Text c="dimmed">{t.sinMaquinas}</Text>
              ) : (
                <Paper withBorder radius="md">
                  <DataTable
                    label={t.maquinasTabla}
                    columns={maquinaColumns}
                    rows={persona.maquinas}
                    getRowId={(m) => String(m.id)}
                  />
                </Paper>
              ),
          },
          {
            value: 'clientes',
            label: t.tabs.clientes,
            panel: <ClientesTab personaId={persona.id} />,
            hidden: !veClientes,
          },
          {
            value: 'desarrollos',
            label: t.tabs.desarrollos,
            panel: <DesarrollosTab personaId={persona.id} />,
            hidden: !veDesarrollos,
          },
          {
            value: 'cuenta',
            label: t.tabs.cuenta,
            panel: <CuentaTab persona={persona} />,
            hidden: !administraCuentas,
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: <HistoryTab entidad="persona" id={persona.id} labels={t.campos} valueLabels={{ activo: t.siNo }} />,
          },
        ]}
      />
    </>
  );
}
