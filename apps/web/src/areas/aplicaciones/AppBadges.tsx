import { Avatar, Badge } from '@mantine/core';
import { IconBrandAndroid } from '@tabler/icons-react';
import type { AplicacionCanal } from '@intranet/contract/areas/aplicaciones';
import { archivoUrl } from './api.ts';
import { aplicacionesMessages as t, versionesMessages as tv } from './messages.ts';

/** A version's channel as a coloured chip. */
export function CanalBadge({ canal }: { canal: AplicacionCanal }) {
  return (
    <Badge variant="light" color={tv.canalColores[canal]}>
      {tv.canales[canal]}
    </Badge>
  );
}

/** Whether the store offers the app (or the version). */
export function PublicadaBadge({
  publicada,
  despublicada = t.noPublicada,
}: {
  publicada: boolean;
  despublicada?: string;
}) {
  return (
    <Badge variant="light" color={publicada ? 'green' : 'gray'}>
      {publicada ? t.publicada : despublicada}
    </Badge>
  );
}

/** The app's icon from the file store (or `src`, a local preview), else Android's robot. */
export function AppIcon({
  icono,
  src,
  nombre,
  size = 32,
}: {
  icono: string | null;
  src?: string | null;
  nombre: string;
  size?: number;
}) {
  return (
    <Avatar
      src={src ?? (icono ? archivoUrl(icono) : null)}
      alt={t.iconoDe(nombre)}
      size={size}
      radius="md"
      color="teal"
    >
      <IconBrandAndroid size={size * 0.6} aria-hidden />
    </Avatar>
  );
}
