import { Badge, Button, Group, Modal, Paper, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { envelope } from '@intranet/contract/shared/envelope';
import { LOTE_ESTADOS, type LoteEstado, type LoteResumen, loteEndpoints } from '@intranet/contract/shared/lote';
import { z } from 'zod';
import { apiUrl } from '../../core/config/config.ts';
import { formatFecha, formatFechaHora, formatNumero } from '../../core/format.ts';
import { call } from '../../core/http/endpoint.ts';
import { http } from '../../core/http/http.ts';
import { HttpError } from '../../core/http/HttpError.ts';
import { confirmAction } from '../confirmAction.tsx';
import type { EntityOption, EntitySource } from '../EntitySelect/useEntityOptions.ts';
import { useTelefono } from '../useTelefono.ts';
import { loteHistorialMessages as t } from './loteHistorialMessages.ts';

/** A field a bulk change sets, as the bulk bar names it (LoteBar's LoteCampo). */
type CampoDeLote = {
  campo: string;
  etiqueta: string;
  opciones?: readonly { value: string; label: string }[];
  tipo?: 'si_no' | 'fecha';
  entidad?: EntitySource<EntityOption>;
};

/** The recorded batches' routes, under the list's own URL; their bodies are not read here. */
const LOTES = loteEndpoints('', { body: z.unknown(), exportBody: z.unknown() });

const COLOR_ESTADO: Record<LoteEstado, string> = { en_curso: 'blue', terminado: 'green', interrumpido: 'orange' };

/** The name of the record a reference points to (a person set as responsible), read as its select reads it. */
function useNombreDe(campo: CampoDeLote | undefined, valor: unknown): string | undefined {
  const fuente = campo?.entidad;
  const id = typeof valor === 'number' ? valor : null;
  const nombre = useQuery({
    queryKey: [fuente?.key, 'opciones', '', id, ''],
    queryFn: async ({ signal }) =>
      (await http.get(apiUrl('api', `${fuente!.path}?id=${id}`), envelope(fuente!.schema.array()), { signal })).datos,
    enabled: fuente !== undefined && id !== null,
    staleTime: 30_000,
  });
  const item = nombre.data?.find((e) => e.id === id);
  return item && fuente ? fuente.label(item) : undefined;
}

/**
 * What a batch did, in the list's words: the field by its label and the value as the form shows it, a delete, or the
 * batch it undid.
 */
function AccionDe({ lote, campos }: { lote: LoteResumen; campos: readonly CampoDeLote[] }) {
  const campo = campos.find((c) => c.campo === lote.cambio?.campo);
  const valor = lote.cambio?.valor;
  const nombre = useNombreDe(campo, valor);
  if (lote.accion === 'eliminar') return t.eliminar;
  if (lote.accion === 'deshacer') return t.deshizo(lote.deshace_a ?? 0);
  const opcion = campo?.opciones?.find((o) => o.value === String(valor));
  const texto =
    valor === null || valor === undefined || valor === ''
      ? t.vacioValor
      : typeof valor === 'boolean'
        ? valor
          ? 'Sí'
          : 'No'
        : campo?.tipo === 'fecha' && typeof valor === 'string'
          ? formatFecha(valor)
          : (nombre ?? opcion?.label ?? String(valor));
  return t.cambiar(campo?.etiqueta ?? lote.cambio?.campo ?? '', texto);
}

interface LoteHistorialProps {
  /** The list's API path ('…/api/maquinas'): its history is `GET {url}/lotes`. */
  url: string;
  /** The user may act on the list (its edit code): only then "Continuar" and "Deshacer" are offered. */
  puedeEditar: boolean;
  /** The fields a bulk change sets, with their labels and choices: a batch is told in the list's words. */
  campos: readonly CampoDeLote[];
  opened: boolean;
  onClose: () => void;
}

/**
 * A list's bulk-action history: each batch with when, who, what, its counts and its state. An
 * interrupted batch (its server process died mid-way) offers "Continuar" (its pending rows only) and
 * "Deshacer"; a finished set-field batch offers "Deshacer", confirmed first.
 */
export function LoteHistorial({ url, puedeEditar, campos, opened, onClose }: LoteHistorialProps) {
  const telefono = useTelefono();
  const client = useQueryClient();
  const [ocupado, setOcupado] = useState<number | null>(null);
  // Rows changed here: the lists refetch once the dialog closes. Refetching while open would clear the list's
  // selection, and with it the bulk bar this dialog belongs to.
  const [cambiado, setCambiado] = useState(false);
  const cerrar = () => {
    if (cambiado) void client.invalidateQueries();
    setCambiado(false);
    onClose();
  };
  const historial = useQuery({
    queryKey: ['lotes', url],
    queryFn: async ({ signal }) => (await call(LOTES.historial, { at: url, signal })).datos.items,
    enabled: opened,
    // A batch running elsewhere moves on: its counts refresh while the dialog is open.
    refetchInterval: (query) => (query.state.data?.some((l) => l.estado === 'en_curso') ? 3_000 : false),
  });

  const actuar = async (lote: LoteResumen, que: 'continuar' | 'deshacer') => {
    if (
      que === 'deshacer' &&
      !(await confirmAction({
        title: t.deshacerTitulo,
        message: t.deshacerTexto(lote.hechos),
        confirmLabel: t.deshacer,
        danger: true,
      }))
    )
      return;
    setOcupado(lote.id);
    try {
      const { datos } = await call(LOTES[que], { at: url, params: { id: lote.id } });
      notifications.show({
        color: datos.rechazados > 0 ? 'yellow' : 'green',
        message:
          que === 'continuar'
            ? t.continuada(datos.hechos, datos.pendientes)
            : t.deshecho(datos.hechos, datos.rechazados),
      });
    } catch (err) {
      notifications.show({ color: 'red', title: t.error, message: err instanceof Error ? err.message : String(err) });
    } finally {
      setOcupado(null);
      setCambiado(true);
      void client.invalidateQueries({ queryKey: ['lotes', url] });
    }
  };

  const lotes = historial.data ?? [];
  return (
    <Modal opened={opened} onClose={cerrar} title={t.titulo} size={1040} fullScreen={telefono} centered>
      {historial.isPending ? (
        <Text size="sm">{t.cargando}</Text>
      ) : historial.isError && historial.error instanceof HttpError && historial.error.status === 404 ? (
        // A list of the caller's own (their tokens, their notifications) keeps no history to show.
        <Text size="sm">{t.sinHistorial}</Text>
      ) : historial.isError ? (
        <Text size="sm" c="red">
          {t.errorCarga}: {historial.error.message}
        </Text>
      ) : lotes.length === 0 ? (
        <Text size="sm">{t.vacio}</Text>
      ) : (
        (() => {
          // Each batch's state and, for whoever may act on the list, what can still be done with it.
          const partes = (lote: LoteResumen) => {
            const interrumpido = lote.estado === 'interrumpido' && lote.deshecho_por === null;
            const deshacible = lote.accion === 'cambiar' && lote.deshecho_por === null && lote.estado !== 'en_curso';
            const estado = (
              <Group gap={4} wrap="nowrap">
                <Badge color={COLOR_ESTADO[lote.estado]} variant="light" style={{ flexShrink: 0 }}>
                  {LOTE_ESTADOS[lote.estado]}
                </Badge>
                {lote.deshecho_por !== null && (
                  <Badge color="gray" variant="light">
                    {t.deshecha}
                  </Badge>
                )}
              </Group>
            );
            const botones = puedeEditar && (interrumpido || deshacible) && (
              <Group gap={4} wrap="nowrap">
                {interrumpido && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    loading={ocupado === lote.id}
                    onClick={() => void actuar(lote, 'continuar')}
                  >
                    {t.continuar}
                  </Button>
                )}
                {deshacible && (
                  <Button
                    size="compact-xs"
                    variant="light"
                    color="red"
                    loading={ocupado === lote.id}
                    onClick={() => void actuar(lote, 'deshacer')}
                  >
                    {t.deshacer}
                  </Button>
                )}
              </Group>
            );
            return { estado, botones };
          };
          if (telefono) {
            // On a phone, a card each, as every list is there: nothing scrolls sideways.
            return (
              <Stack gap="sm" data-testid="lote-historial" aria-label={t.titulo} role="list">
                {lotes.map((lote) => {
                  const { estado, botones } = partes(lote);
                  return (
                    <Paper key={lote.id} withBorder p="sm" radius="md" role="listitem">
                      <Stack gap={4}>
                        <Text size="sm" fw={600}>
                          <AccionDe lote={lote} campos={campos} />
                        </Text>
                        <Text size="xs" c="dimmed">
                          {formatFechaHora(lote.creado)} · {lote.usuario_nombre}
                        </Text>
                        <Text size="sm">{t.conteos(lote.hechos, lote.rechazados, lote.pendientes)}</Text>
                        <Group justify="space-between" gap="xs">
                          {estado}
                          {botones}
                        </Group>
                      </Stack>
                    </Paper>
                  );
                })}
              </Stack>
            );
          }
          return (
            <ScrollArea>
              <Table striped aria-label={t.titulo} data-testid="lote-historial">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t.fecha}</Table.Th>
                    <Table.Th>{t.quien}</Table.Th>
                    <Table.Th>{t.accion}</Table.Th>
                    <Table.Th>{t.hechos}</Table.Th>
                    <Table.Th>{t.rechazados}</Table.Th>
                    <Table.Th>{t.pendientes}</Table.Th>
                    <Table.Th>{t.estado}</Table.Th>
                    {puedeEditar && <Table.Th>{t.acciones}</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lotes.map((lote) => {
                    const { estado, botones } = partes(lote);
                    return (
                      <Table.Tr key={lote.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(lote.creado)}</Table.Td>
                        <Table.Td>{lote.usuario_nombre}</Table.Td>
                        <Table.Td>
                          <AccionDe lote={lote} campos={campos} />
                        </Table.Td>
                        <Table.Td>{formatNumero(lote.hechos)}</Table.Td>
                        <Table.Td>{formatNumero(lote.rechazados)}</Table.Td>
                        <Table.Td>{formatNumero(lote.pendientes)}</Table.Td>
                        <Table.Td>{estado}</Table.Td>
                        {puedeEditar && <Table.Td>{botones}</Table.Td>}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          );
        })()
      )}
    </Modal>
  );
}
