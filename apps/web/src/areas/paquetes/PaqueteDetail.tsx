import { ActionIcon, Anchor, Badge, Button, Code, CopyButton, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArchive, IconArrowBackUp, IconCheck, IconCopy, IconDownload } from '@tabler/icons-react';
import { useParams } from 'react-router';
import type { PaqueteFila } from '@intranet/contract/areas/paquetes';
import { confirmAction } from '../../components/confirmAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { formatBytes, formatFechaHora, formatNumero } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { absoluteUrl, paqueteDescargaUrl, usePaquete, useRetirarPaquete } from './api.ts';
import { CanalBadge } from './CanalBadge.tsx';
import { instaladoresMessages as t } from './messages.ts';

/** `/instaladores/:id`: the package, its download link and checksum (copyable), retire, history. */
export function PaqueteDetail() {
  const id = Number(useParams().id);
  const paquete = usePaquete(id);
  return (
    <RecordScreen
      query={paquete}
      title={t.titulo}
      back={{ to: '/instaladores', label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <PaqueteView paquete={record} />}
    </RecordScreen>
  );
}

function Copiable({ value, label, done }: { value: string; label: string; done: string }) {
  return (
    <CopyButton value={value} timeout={2000}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? done : label} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={copied ? done : label}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

function PaqueteView({ paquete }: { paquete: PaqueteFila }) {
  const puedeEditar = usePermiso('PACKS#EDITAR');
  const retirar = useRetirarPaquete();
  const descarga = paqueteDescargaUrl(paquete);
  const retirado = paquete.retirado !== null;

  const cambiar = async () => {
    if (
      !retirado &&
      !(await confirmAction({
        title: t.retirarTitulo,
        message: t.retirarTexto(paquete.nombre),
        confirmLabel: t.retirar,
        danger: true,
      }))
    )
      return;
    retirar.mutate(
      { id: paquete.id, retirar: !retirado },
      {
        onSuccess: () =>
          notifications.show({ color: 'green', title: retirado ? t.restaurado : t.retirado, message: paquete.nombre }),
        onError: (error) => notifications.show({ color: 'red', title: t.errorCambio, message: error.message }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {paquete.nombre}
            <CanalBadge canal={paquete.canal} />
            {retirado && <Badge color="gray">{t.retiradoBadge}</Badge>}
          </Group>
        }
        back={{ to: '/instaladores', label: t.volver }}
        actions={
          <>
            {descarga && (
              <Button component="a" href={descarga} download leftSection={<IconDownload size={16} />}>
                {t.descargar}
              </Button>
            )}
            {puedeEditar && (
              <>
                <EditButton to={`/instaladores/${paquete.id}/editar`}>{t.editar}</EditButton>
                <Button
                  variant="light"
                  color={retirado ? 'blue' : 'red'}
                  leftSection={retirado ? <IconArrowBackUp size={16} /> : <IconArchive size={16} />}
                  loading={retirar.isPending}
                  onClick={() => void cambiar()}
                >
                  {retirado ? t.restaurar : t.retirar}
                </Button>
              </>
            )}
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
                  {paquete.sha256 && descarga ? (
                    <Stack gap="xs">
                      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                        {t.campos.sha256}
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Code data-testid="paquete-sha256" style={{ overflowWrap: 'anywhere' }}>
                          {paquete.sha256}
                        </Code>
                        <Copiable value={paquete.sha256} label={t.copiarSha} done={t.shaCopiado} />
                      </Group>
                      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
                        {t.enlaceDirecto}
                      </Text>
                      <Group gap="xs" wrap="nowrap">
                        <Anchor href={descarga} download size="sm" style={{ overflowWrap: 'anywhere' }}>
                          {absoluteUrl(descarga)}
                        </Anchor>
                        <Copiable value={absoluteUrl(descarga)} label={t.copiarEnlace} done={t.enlaceCopiado} />
                      </Group>
                    </Stack>
                  ) : (
                    <Text c="dimmed">{t.sinArchivo}</Text>
                  )}
                </Paper>
                <Paper withBorder radius="md" p="lg">
                  <DetailGrid
                    items={[
                      { label: t.campos.producto, value: paquete.producto },
                      { label: t.campos.version, value: paquete.version },
                      {
                        label: t.campos.canal,
                        value: paquete.canal
                          ? (t.canales[paquete.canal as keyof typeof t.canales] ?? paquete.canal)
                          : null,
                      },
                      { label: t.campos.fecha, value: formatFechaHora(paquete.fecha) },
                      {
                        label: t.campos.tamano,
                        value:
                          paquete.tamano === null
                            ? null
                            : `${formatBytes(paquete.tamano)} (${formatNumero(paquete.tamano)} bytes)`,
                      },
                      { label: t.campos.tipo, value: paquete.tipo },
                      { label: t.campos.publicado_por, value: paquete.publicado_por },
                      { label: t.campos.descargas, value: formatNumero(paquete.descargas) },
                      { label: t.campos.retirado, value: paquete.retirado ? formatFechaHora(paquete.retirado) : null },
                      { label: t.campos.notas, value: paquete.notas, wide: true },
                    ]}
                  />
                </Paper>
              </Stack>
            ),
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: (
              <HistoryTab entidad="paquete" id={paquete.id} labels={t.campos} valueLabels={{ canal: t.canales }} />
            ),
          },
        ]}
      />
    </>
  );
}
