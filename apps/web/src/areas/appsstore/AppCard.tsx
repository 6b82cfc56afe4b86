import { Anchor, Avatar, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconDownload, IconStarFilled } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { STORE_CANALES, type StoreApp, type StoreCanal, type StoreVersion } from '@intranet/contract/areas/appsstore';
import { formatBytes, formatFechaHora } from '../../core/format.ts';
import { useRefrescarTrasDescarga } from './api.ts';
import { appsstoreMessages as t } from './messages.ts';

/** One channel's latest version: what it is, its download link and the link's QR code for a phone's camera. */
function VersionBloque({ app, version }: { app: StoreApp; version: StoreVersion }) {
  const nombre = t.version(version.version_name, version.version_code);
  const refrescar = useRefrescarTrasDescarga();
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-canal={version.canal}>
      <QRCodeSVG
        value={version.url}
        size={88}
        marginSize={1}
        role="img"
        aria-label={t.qrDescarga(app.nombre, version.version_name)}
        title={version.url}
      />
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Group gap={6}>
          <Badge size="sm" variant="light" color={t.canalColores[version.canal]}>
            {t.canales[version.canal]}
          </Badge>
          <Text size="sm" fw={600}>
            {nombre}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {t.publicada(formatFechaHora(version.fecha))} · {formatBytes(version.tamano)}
        </Text>
        <Text size="xs" c="dimmed">
          {t.sdk(version.min_sdk, version.target_sdk)}
        </Text>
        <Text size="xs" aria-label={`${t.canales[version.canal]}: ${t.descargas(version.descargas)}`}>
          {t.descargas(version.descargas)}
        </Text>
        <Anchor
          href={version.url}
          download={version.apk}
          onClick={refrescar}
          size="sm"
          aria-label={`${t.descargar} ${app.nombre} ${nombre}`}
        >
          <Group gap={4} component="span">
            <IconDownload size={14} aria-hidden />
            {t.descargar}
          </Group>
        </Anchor>
      </Stack>
    </Group>
  );
}

/** A published application as the store shows it: icon, name, summary, and its latest version per channel. */
export function AppCard({ app, canales }: { app: StoreApp; canales: readonly StoreCanal[] }) {
  const ofrecidos = STORE_CANALES.filter((c) => canales.includes(c));
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={app.nombre}>
      <Group gap="sm" wrap="nowrap" align="flex-start" mb="sm">
        <Avatar src={app.icono_url} alt={app.nombre} radius="md" size={48} color="blue">
          {app.nombre.slice(0, 2).toUpperCase()}
        </Avatar>
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} wrap="nowrap">
            <Text fw={700} truncate>
              {app.nombre}
            </Text>
            {app.destacada && (
              <Tooltip label={t.destacadaBadge}>
                <IconStarFilled size={16} color="var(--mantine-color-yellow-6)" aria-label={t.destacadaBadge} />
              </Tooltip>
            )}
          </Group>
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {app.package_name}
          </Text>
          <Group gap={6}>
            {app.categoria && (
              <Badge size="xs" variant="outline" color="gray">
                {app.categoria}
              </Badge>
            )}
            <Text size="xs" c="dimmed" data-testid="descargas-app">
              {t.descargas(app.descargas)}
            </Text>
          </Group>
        </Stack>
      </Group>
      {app.resumen && (
        <Text size="sm" mb="sm" lineClamp={2}>
          {app.resumen}
        </Text>
      )}
      <Stack gap="sm">
        {ofrecidos.map((canal) => {
          const version = app.versiones[canal];
          return version ? (
            <VersionBloque key={canal} app={app} version={version} />
          ) : (
            <Text key={canal} size="xs" c="dimmed">
              {t.canales[canal]}: {t.sinVersion}
            </Text>
          );
        })}
      </Stack>
    </Card>
  );
}
