import { Code, Group, Paper, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import type { Aplicacion } from '@intranet/contract/areas/aplicaciones';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { RichTextCard } from '../../components/RichTextView.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { APK_PATH } from './AplicacionesList.tsx';
import { useAplicacion, useEliminarAplicacion } from './api.ts';
import { AppIcon, PublicadaBadge } from './AppBadges.tsx';
import { formatHuella, aplicacionesMessages as t, versionesMessages as tv } from './messages.ts';
import { VersionesTab } from './VersionesTab.tsx';

/** `/soluciones/apk/:id`: the app's data, its versions (upload, promote, unpublish) and its history. */
export function AplicacionDetail() {
  const id = Number(useParams().id);
  const app = useAplicacion(id);
  return (
    <RecordScreen query={app} title={t.titulo} back={{ to: APK_PATH, label: t.volver }} notFound={t.noEncontrada}>
      {(record) => <AplicacionView app={record} />}
    </RecordScreen>
  );
}

function AplicacionView({ app }: { app: Aplicacion }) {
  const puedeEditar = usePermiso('APP#EDITAR');
  const eliminar = useEliminarAplicacion();

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            <AppIcon icono={app.icono} nombre={app.nombre} size={40} />
            {app.nombre}
            <PublicadaBadge publicada={app.publicada} />
          </Group>
        }
        back={{ to: APK_PATH, label: t.volver }}
        actions={
          puedeEditar && (
            <>
              <EditButton to={`${APK_PATH}/${app.id}/editar`}>{t.editar}</EditButton>
              <DeleteAction
                label={t.eliminar}
                refused={
                  app.versiones > 0 && {
                    title: t.conVersionesTitulo,
                    message: t.conVersionesTexto(app.nombre, app.versiones),
                    confirmLabel: t.entendido,
                  }
                }
                confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(app.nombre) }}
                run={() => eliminar.mutateAsync(app.id)}
                done={{ title: t.eliminada, message: app.nombre, to: APK_PATH }}
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
                  <DetailGrid
                    items={[
                      { label: t.campos.package_name, value: <Code>{app.package_name}</Code> },
                      { label: t.campos.categoria, value: app.categoria },
                      { label: t.campos.resumen, value: app.resumen },
                      { label: t.campos.publicada, value: app.publicada ? t.si : t.no },
                      {
                        label: t.campos.ultima_version,
                        value: app.ultima_version ? `${app.ultima_version} (${app.ultima_version_code})` : null,
                      },
                      { label: t.campos.descargas, value: String(app.descargas) },
                      {
                        label: t.campos.firma_sha256,
                        value: app.firma_sha256 ? <Code>{formatHuella(app.firma_sha256)}</Code> : t.sinFirma,
                        wide: true,
                      },
                      { label: t.campos.actualizado, value: formatFechaHora(app.actualizado) },
                    ]}
                  />
                </Paper>
                <RichTextCard value={app.descripcion} label={t.campos.descripcion} emptyText={t.sinDescripcion} />
              </Stack>
            ),
          },
          {
            value: 'versiones',
            label: `${t.tabs.versiones} (${app.versiones})`,
            panel: <VersionesTab app={app} />,
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <HistoryTab
                entidad="aplicacion"
                id={app.id}
                labels={{ ...tv.campos, ...t.campos }}
                valueLabels={{ canal: tv.canales }}
              />
            ),
          },
        ]}
      />
    </>
  );
}
