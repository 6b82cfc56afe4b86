import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { SitioEstado, VerificacionResultado } from '@intranet/contract/areas/sitios';
import { diasRestantesTexto } from '@intranet/contract/areas/clientes/vencimientos';
import { EstadoChip } from '../../components/Vencimientos/EstadoChip.tsx';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { sitiosMessages as t } from './messages.ts';

const ESTADO_COLOR: Record<SitioEstado, string> = {
  activo: 'green',
  mantenimiento: 'yellow',
  caido: 'red',
  baja: 'gray',
};
/** Badges show their whole word (Mantenimiento, Advertencia), never an ellipsis. */
const ENTERO = { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } } as const;

export const RESULTADO_COLOR: Record<VerificacionResultado, string> = {
  ok: 'green',
  advertencia: 'orange',
  error: 'red',
};

/** The site's life state. */
export function EstadoSitioBadge({ estado }: { estado: SitioEstado }) {
  return (
    <Badge variant="light" color={ESTADO_COLOR[estado]} styles={ENTERO}>
      {t.estados[estado]}
    </Badge>
  );
}

/** The outcome of a check, its message on hover. */
export function ResultadoBadge({
  resultado,
  mensaje,
}: {
  resultado: VerificacionResultado | null;
  mensaje?: string | null;
}) {
  if (!resultado) {
    return (
      <Text size="sm" c="dimmed">
        {t.sinVerificar}
      </Text>
    );
  }
  const badge = (
    <Badge variant="light" color={RESULTADO_COLOR[resultado]} styles={ENTERO} data-resultado={resultado}>
      {t.resultados[resultado]}
    </Badge>
  );
  return mensaje ? (
    <Tooltip label={mensaje} multiline w={320} withinPortal>
      {badge}
    </Tooltip>
  ) : (
    badge
  );
}

/** An expiry in a list cell: the date and its state chip (the clients' colour rule), or "Sin fecha". */
export function VenceCelda({ vence, dias }: { vence: string | null; dias: number | null }) {
  if (vence === null || dias === null) {
    return (
      <Text size="sm" c="dimmed">
        {t.sinFecha}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={diasRestantesTexto(dias)}>
        {formatFecha(vence)}
      </Text>
      <EstadoChip dias={dias} />
    </Group>
  );
}

/** An expiry in the detail: date, days left and the chip. */
export function VenceDetalle({ vence, dias }: { vence: string | null; dias: number | null }) {
  if (vence === null || dias === null) return null;
  return (
    <Group gap="xs" component="span" wrap="nowrap">
      <span>{formatFecha(vence)}</span>
      <Text span size="sm" c={dias < 0 ? 'red' : 'dimmed'} fw={dias < 0 ? 600 : undefined}>
        {diasRestantesTexto(dias)}
      </Text>
      <EstadoChip dias={dias} />
    </Group>
  );
}

/** When the site was last checked, and how it went. */
export function UltimaVerificacion({
  en,
  resultado,
  mensaje,
}: {
  en: string | null;
  resultado: VerificacionResultado | null;
  mensaje: string | null;
}) {
  if (!en) return <ResultadoBadge resultado={null} />;
  return (
    <Stack gap={2} component="span">
      <Group gap="xs" component="span">
        <ResultadoBadge resultado={resultado} />
        <Text span size="sm" c="dimmed">
          {formatFechaHora(en)}
        </Text>
      </Group>
      {mensaje && (
        <Text span size="sm" data-testid="verificacion-mensaje">
          {mensaje}
        </Text>
      )}
    </Stack>
  );
}
