import { Badge, Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { envelope } from '@intranet/contract/envelope';
import { LOTE_ESTADOS, loteDetalle, lotesLista, type LoteEstado, type LoteResumen } from '@intranet/contract/lote';
import { formatFechaHora, formatNumero } from '../../core/format.ts';
import { http } from '../../core/http/http.ts';
import { HttpError } from '../../core/http/HttpError.ts';
import { confirmAction } from '../confirmAction.tsx';
import { loteHistorialMessages as t } from './loteHistorialMessages.ts';

const COLOR_ESTADO: Record<LoteEstado, string> = { en_curso: 'blue', terminado: 'green', interrumpido: 'orange' };

/** What a batch did, in words: the field and value it set, a delete, or the batch it undid. */
function accionDe(lote: LoteResumen): string {
  if (lote.accion === 'eliminar') return t.eliminar;
  if (lote.accion === 'deshacer') return t.deshizo(lote.deshace_a ?? 0);
  const valor = lote.cambio?.valor;
  const texto = valor === null || valor === undefined || valor === '' ? t.vacioValor : typeof valor === 'boolean' ? (valor ? 'Sí' : 'No') : String(valor);
  return t.cambiar(lote.cambio?.campo ?? '', texto);
}

interface LoteHistorialProps {
  /** The list's API path ('…/api/maquinas'): its history is `GET {url}/lotes`. */
  url: string;
  /** The user may act on the list (its edit code): only then "Continuar" and "Deshacer" are offered. */
  puedeEditar: boolean;
  opened: boolean;
  onClose: () => void;
}

/**
 * A list's bulk-action history (issue 21): each batch with when, who, what, its counts and its state. An
 * interrupted batch (its server process died mid-way) offers "Continuar" (its pending rows only) and
 * "Deshacer"; a finished set-field batch offers "Deshacer", confirmed first.
 */
export function LoteHistorial({ url, puedeEditar, opened, onClose }: LoteHistorialProps) {
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
    queryFn: async ({ signal }) => (await http.get(`${url}/lotes`, envelope(lotesLista), { signal })).datos.items,
    enabled: opened,
    // A batch running elsewhere moves on: its counts refresh while the dialog is open.
    refetchInterval: (query) => (query.state.data?.some((l) => l.estado === 'en_curso') ? 3_000 : false),
  });

  const actuar = async (lote: LoteResumen, que: 'continuar' | 'deshacer') => {
    if (que === 'deshacer' && !(await confirmAction({ title: t.deshacerTitulo, message: t.deshacerTexto(lote.hechos), confirmLabel: t.deshacer, danger: true }))) return;
    setOcupado(lote.id);
    try {
      const { datos } = await http.post(`${url}/lotes/${lote.id}/${que}`, {}, envelope(loteDetalle));
      notifications.show({ color: datos.rechazados > 0 ? 'yellow' : 'green', message: que === 'continuar' ? t.continuada(datos.hechos, datos.pendientes) : t.deshecho(datos.hechos, datos.rechazados) });
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
    <Modal opened={opened} onClose={cerrar} title={t.titulo} size="xl" centered>
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
                const interrumpido = lote.estado === 'interrumpido' && lote.deshecho_por === null;
                const deshacible = lote.accion === 'cambiar' && lote.deshecho_por === null && lote.estado !== 'en_curso';
                return (
                  <Table.Tr key={lote.id}>
                    <Table.Td>{formatFechaHora(lote.creado)}</Table.Td>
                    <Table.Td>{lote.usuario_nombre}</Table.Td>
                    <Table.Td>{accionDe(lote)}</Table.Td>
                    <Table.Td>{formatNumero(lote.hechos)}</Table.Td>
                    <Table.Td>{formatNumero(lote.rechazados)}</Table.Td>
                    <Table.Td>{formatNumero(lote.pendientes)}</Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        <Badge color={COLOR_ESTADO[lote.estado]} variant="light">
                          {LOTE_ESTADOS[lote.estado]}
                        </Badge>
                        {lote.deshecho_por !== null && (
                          <Badge color="gray" variant="light">
                            {t.deshecha}
                          </Badge>
                        )}
                      </Group>
                    </Table.Td>
                    {puedeEditar && (
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          {interrumpido && (
                            <Button size="compact-xs" variant="light" loading={ocupado === lote.id} onClick={() => void actuar(lote, 'continuar')}>
                              {t.continuar}
                            </Button>
                          )}
                          {deshacible && (
                            <Button size="compact-xs" variant="light" color="red" loading={ocupado === lote.id} onClick={() => void actuar(lote, 'deshacer')}>
                              {t.deshacer}
                            </Button>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
    </Modal>
  );
}
