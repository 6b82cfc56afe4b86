import { Alert, Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { AUDIT_ACTIONS, type AuditRow } from '@intranet/contract/auditoria';
import { historyMessages, listMessages } from '../messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { auditDiff, formatAuditValue } from './auditDiff.ts';
import { HISTORY_PAGE_SIZE, useAuditoria } from './useAuditoria.ts';

interface HistoryTabProps {
  /** The audit log's name for the record's kind: 'servidor', 'dns', 'direccion'. */
  entidad: string;
  id: string | number;
  /** Field names as staff read them ({ ip_publica: 'IP pública' }); others show as they are. */
  labels?: Record<string, string>;
  /** Coded values as staff read them ({ estado: { baja: 'Baja' } }). */
  valueLabels?: Record<string, Record<string, string>>;
}

const ACTION_COLORS: Record<string, string> = { crear: 'green', modificar: 'blue', eliminar: 'red' };


/** The history of one record: who changed what and when, with the fields before and after. */
export function HistoryTab({ entidad, id, labels = {}, valueLabels = {} }: HistoryTabProps) {
  const [page, setPage] = useState(1);
  const history = useAuditoria(entidad, String(id), page);

  if (history.isPending) {
    return (
      <Group gap="xs" py="md">
        <Loader size="sm" />
        <Text size="sm">{listMessages.cargando}</Text>
      </Group>
    );
  }
  if (history.isError) {
    return (
      <Alert color="red" role="alert" title={historyMessages.errorCarga}>
        {history.error.message}
      </Alert>
    );
  }
  const { items, total } = history.data;
  if (total === 0) return <Text c="dimmed">{historyMessages.sinHistorial}</Text>;

  return (
    <Stack gap="sm">
      <Table aria-label={historyMessages.tabla} verticalSpacing="sm" striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={150}>{historyMessages.fecha}</Table.Th>
            <Table.Th w={160}>{historyMessages.usuario}</Table.Th>
            <Table.Th w={140}>{historyMessages.accion}</Table.Th>
            <Table.Th>{historyMessages.cambios}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((row) => (
            <HistoryRow key={row.id} row={row} labels={labels} valueLabels={valueLabels} />
          ))}
        </Table.Tbody>
      </Table>
      {total > HISTORY_PAGE_SIZE && (
        <Pagination size="sm" total={Math.ceil(total / HISTORY_PAGE_SIZE)} value={page} onChange={setPage} aria-label={historyMessages.paginas} />
      )}
    </Stack>
  );
}

interface HistoryRowProps {
  row: AuditRow;
  labels: Record<string, string>;
  valueLabels: Record<string, Record<string, string>>;
}

function HistoryRow({ row, labels, valueLabels }: HistoryRowProps) {
  // Fields in the order the screen names them, unnamed ones after.
  const order = Object.keys(labels);
  const rank = (campo: string) => (order.includes(campo) ? order.indexOf(campo) : order.length);
  const cambios = auditDiff(row.antes, row.despues).sort((a, b) => rank(a.campo) - rank(b.campo));
  const show = (campo: string, value: unknown) =>
    (typeof value === 'string' ? valueLabels[campo]?.[value] : undefined) ?? formatAuditValue(value);
  const accion = AUDIT_ACTIONS[row.accion as keyof typeof AUDIT_ACTIONS] ?? row.accion;
  return (
    <Table.Tr>
      <Table.Td>{formatFechaHora(row.fecha)}</Table.Td>
      <Table.Td>{row.usuario_nombre ?? historyMessages.sistema}</Table.Td>
      <Table.Td>
        <Badge variant="light" color={ACTION_COLORS[row.accion] ?? 'gray'}>
          {accion}
        </Badge>
      </Table.Td>
      <Table.Td>
        {cambios.length === 0 ? (
          <Text size="sm" c="dimmed">
            {historyMessages.sinCambios}
          </Text>
        ) : (
          <Stack gap={2}>
            {cambios.map(({ campo, antes, despues }) => (
              <Text key={campo} size="sm">
                {campo && <Text span fw={600}>{labels[campo] ?? campo}: </Text>}
                {row.accion !== 'crear' && (
                  <>
                    <Text span c="red.8" td="line-through">
                      {show(campo, antes)}
                    </Text>
                    {' → '}
                  </>
                )}
                {row.accion !== 'eliminar' && (
                  <Text span c="green.9">
                    {show(campo, despues)}
                  </Text>
                )}
              </Text>
            ))}
          </Stack>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
