import { Anchor, Button, Group, Paper, Stack } from '@mantine/core';
import { IconExternalLink, IconShieldCheck } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { Sitio } from '@intranet/contract/areas/sitios';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useEliminarSitio, useSitio } from './api.ts';
import { EstadoSitioBadge, UltimaVerificacion, VenceDetalle } from './Chips.tsx';
import { sitiosMessages as t } from './messages.ts';
import { SITIOS_PATH } from './SitiosList.tsx';
import { useVerificar } from './useVerificar.ts';
import { VerificacionesTab } from './VerificacionesTab.tsx';

/** `/soluciones/web/:id`: the site's data with its expiries and last check, its checks, and its history. */
export function SitioDetail() {
  const id = Number(useParams().id);
  const sitio = useSitio(id);
  return (
    <RecordScreen query={sitio} title={t.titulo} back={{ to: SITIOS_PATH, label: t.volver }} notFound={t.noEncontrado}>
      {(record) => <SitioView sitio={record} />}
    </RecordScreen>
  );
}

function SitioView({ sitio }: { sitio: Sitio }) {
  const puedeEditar = usePermiso('SUBPROD#EDITAR');
  const eliminar = useEliminarSitio();
  const verificar = useVerificar();

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {sitio.nombre}
            <EstadoSitioBadge estado={sitio.estado} />
          </Group>
        }
        back={{ to: SITIOS_PATH, label: t.volver }}
        actions={
          puedeEditar && (
            <>
              <Button
                leftSection={<IconShieldCheck size={16} />}
                loading={verificar.pending}
                onClick={() => verificar.run(sitio.id)}
              >
                {t.verificar}
              </Button>
              <EditButton to={`${SITIOS_PATH}/${sitio.id}/editar`}>{t.editar}</EditButton>
              <DeleteAction
                label={t.eliminar}
                confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(sitio.nombre) }}
                run={() => eliminar.mutateAsync(sitio.id)}
                done={{ title: t.eliminado, message: sitio.nombre, to: SITIOS_PATH }}
                errorTitle={t.errorEliminar}
              />
            </>
          )
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
                  <DetailGrid items={datos(sitio)} />
                </Paper>
              </Stack>
            ),
          },
          {
            value: 'verificaciones',
            label: t.tabs.verificaciones,
            panel: <VerificacionesTab id={sitio.id} />,
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <HistoryTab
                entidad="sitio"
                id={sitio.id}
                labels={t.historial}
                valueLabels={{ estado: t.estados, verificacion_resultado: t.resultados }}
              />
            ),
          },
        ]}
      />
    </>
  );
}

function datos(sitio: Sitio) {
  return [
    {
      label: t.campos.url,
      value: (
        <Anchor
          href={sitio.url}
          target="_blank"
          rel="noopener noreferrer"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        >
          {sitio.url}
          <IconExternalLink size={14} aria-hidden />
        </Anchor>
      ),
    },
    {
      label: t.campos.cliente,
      value: sitio.empresa_id ? (
        <Anchor component={Link} to={`/clientes/${sitio.empresa_id}`}>
          {sitio.cliente}
        </Anchor>
      ) : (
        t.propio
      ),
    },
    { label: t.campos.estado, value: t.estados[sitio.estado] },
    { label: t.campos.servidor, value: sitio.servidor },
    { label: t.campos.dns, value: sitio.dns_host },
    { label: t.campos.registrador, value: sitio.registrador },
    {
      label: t.campos.ssl_vence,
      value: sitio.ssl_vence && <VenceDetalle vence={sitio.ssl_vence} dias={sitio.ssl_dias} />,
    },
    { label: t.campos.ssl_emisor, value: sitio.ssl_emisor },
    {
      label: t.campos.dominio_vence,
      value: sitio.dominio_vence && <VenceDetalle vence={sitio.dominio_vence} dias={sitio.dominio_dias} />,
    },
    {
      label: t.campos.verificado_en,
      value: (
        <UltimaVerificacion
          en={sitio.verificado_en}
          resultado={sitio.verificacion_resultado}
          mensaje={sitio.verificacion_mensaje}
        />
      ),
      wide: true,
    },
    { label: t.campos.notas, value: sitio.notas, wide: true },
    { label: t.campos.creado, value: formatFechaHora(sitio.creado) },
    { label: t.campos.actualizado, value: formatFechaHora(sitio.actualizado) },
  ];
}
