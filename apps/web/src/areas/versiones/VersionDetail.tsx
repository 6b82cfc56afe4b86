import { Badge, Button, Group, Paper, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconRocket } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import type { VersionDetalle, VersionEstado } from '@intranet/contract/areas/versiones';
import { confirmAction } from '../../components/confirmAction.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { RichTextView } from '../../components/RichTextView.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useCambiarEstado, useEliminarVersion, useVersion } from './api.ts';
import { EstadoBadge } from './EstadoBadge.tsx';
import { versionesMessages as t } from './messages.ts';
import { VersionArchivos } from './VersionArchivos.tsx';

/** `/versiones/:id`: the version's data, its rendered notes, its files and its history; publish/retire. */
export function VersionDetail() {
  const id = Number(useParams().id);
  const version = useVersion(id);
  return (
    <RecordScreen
      query={version}
      title={t.titulo}
      back={{ to: '/versiones', label: t.volver }}
      notFound={t.noEncontrada}
    >
      {(record) => <VersionView version={record} />}
    </RecordScreen>
  );
}

function VersionView({ version }: { version: VersionDetalle }) {
  const puedeEditar = usePermiso('VERSIONES#EDITAR');
  const cambiar = useCambiarEstado(version.id);
  const eliminar = useEliminarVersion();
  const nombre = t.nombreVersion(version.producto, version.numero);

  const pasarA = async (estado: VersionEstado) => {
    const publicar = estado === 'publicada';
    const ok = await confirmAction({
      title: publicar ? t.publicarTitulo : t.retirarTitulo,
      message: publicar ? t.publicarTexto(nombre) : t.retirarTexto(nombre),
      confirmLabel: publicar ? t.publicar : t.retirar,
      danger: !publicar,
    });
    if (!ok) return;
    cambiar.mutate(estado, {
      onSuccess: () =>
        notifications.show({ color: 'green', title: publicar ? t.publicada : t.retirada, message: nombre }),
      onError: (error) => notifications.show({ color: 'red', title: t.errorEstado, message: error.message }),
    });
  };

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {nombre}
            <EstadoBadge estado={version.estado} />
            <Badge variant="outline" color="gray">
              {t.canales[version.canal]}
            </Badge>
          </Group>
        }
        back={{ to: '/versiones', label: t.volver }}
        actions={
          puedeEditar && (
            <>
              {version.estado !== 'retirada' && (
                <EditButton to={`/versiones/${version.id}/editar`}>{t.editar}</EditButton>
              )}
              {version.estado === 'publicada' ? (
                <Button
                  variant="light"
                  color="red"
                  leftSection={<IconArchive size={16} />}
                  loading={cambiar.isPending}
                  onClick={() => void pasarA('retirada')}
                >
                  {t.retirar}
                </Button>
              ) : (
                <Button
                  leftSection={<IconRocket size={16} />}
                  loading={cambiar.isPending}
                  onClick={() => void pasarA('publicada')}
                >
                  {version.estado === 'retirada' ? t.republicar : t.publicar}
                </Button>
              )}
              {version.estado === 'borrador' && (
                <DeleteAction
                  label={t.eliminar}
                  confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(nombre) }}
                  run={() => eliminar.mutateAsync(version.id)}
                  done={{ title: t.eliminada, message: nombre, to: '/versiones' }}
                  errorTitle={t.errorEliminar}
                />
              )}
            </>
          )
        }
      />
      <Stack gap="md">
        <Paper withBorder radius="md" p="lg">
          <DetailGrid
            items={[
              {
                label: t.campos.producto,
                value: <Link to={`/versiones?producto=${version.producto_id}`}>{version.producto}</Link>,
              },
              { label: t.campos.numero, value: version.numero },
              { label: t.campos.canal, value: t.canales[version.canal] },
              { label: t.campos.estado, value: t.estados[version.estado] },
              {
                label: t.campos.fecha_publicacion,
                value: version.fecha_publicacion ? formatFechaHora(version.fecha_publicacion) : null,
              },
              { label: t.campos.actualizado, value: formatFechaHora(version.actualizado) },
            ]}
          />
        </Paper>
        <RecordTabs
          tabs={[
            {
              value: 'notas',
              label: t.tabs.notas,
              panel: (
                <Paper withBorder radius="md" p="lg">
                  <RichTextView value={version.notas} label={t.campos.notas} emptyText={t.sinNotas} />
                </Paper>
              ),
            },
            {
              value: 'archivos',
              label: `${t.tabs.archivos} (${version.assets_lista.length})`,
              panel: (
                <Paper withBorder radius="md" p="lg">
                  <VersionArchivos version={version} puedeEditar={puedeEditar} />
                </Paper>
              ),
            },
            {
              value: 'historial',
              label: t.tabs.historial,
              panel: (
                <HistoryTab
                  entidad="version"
                  id={version.id}
                  labels={t.campos}
                  valueLabels={{ canal: t.canales, estado: t.estados }}
                />
              ),
            },
          ]}
        />
      </Stack>
    </>
  );
}
