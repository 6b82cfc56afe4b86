import { Alert, Badge, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { AUDIT_ACTIONS, type AuditRow } from '@intranet/contract/areas/auditoria';
import { DataTable } from '../DataTable/DataTable.tsx';
import { historyMessages, listMessages } from '../messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { cambiosLegibles, campoLegible, formatAuditValue } from './auditDiff.ts';
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
  const columns = useMemo<ColumnDef<AuditRow>[]>(
    () => [
      {
        id: 'fecha',
        header: historyMessages.fecha,
        meta: { width: 150 },
        cell: ({ row }) => formatFechaHora(row.original.fecha),
      },
      {
        id: 'usuario',
        header: historyMessages.usuario,
        meta: { width: 160 },
        cell: ({ row }) => row.original.usuario_nombre ?? historyMessages.sistema,
      },
      {
        id: 'accion',
        header: historyMessages.accion,
        meta: { width: 140 },
        cell: ({ row }) => <Accion accion={row.original.accion} />,
      },
      {
        id: 'cambios',
        header: historyMessages.cambios,
        meta: { tarjetaAncha: true },
        cell: ({ row }) => <Cambios row={row.original} labels={labels} valueLabels={valueLabels} />,
      },
    ],
    [labels, valueLabels],
  );

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
      <DataTable label={historyMessages.tabla} columns={columns} rows={items} getRowId={(row) => String(row.id)} />
      {total > HISTORY_PAGE_SIZE && (
        <Pagination
          size="sm"
          total={Math.ceil(total / HISTORY_PAGE_SIZE)}
          value={page}
          onChange={setPage}
          aria-label={historyMessages.paginas}
        />
      )}
    </Stack>
  );
}

function Accion({ accion }: { accion: string }) {
  return (
    <Badge variant="light" color={ACTION_COLORS[accion] ?? 'gray'} style={{ flexShrink: 0 }}>
      {AUDIT_ACTIONS[accion as keyof typeof AUDIT_ACTIONS] ?? accion}
    </Badge>
  );
}

interface CambiosProps {
  row: AuditRow;
  labels: Record<string, string>;
  valueLabels: Record<string, Record<string, string>>;
}

/** A change's fields, each before (struck out) and after, in the order the screen names them. */
function Cambios({ row, labels, valueLabels }: CambiosProps) {
  // Fields in the order the screen names them, unnamed ones after.
  const order = Object.keys(labels);
  const rank = (campo: string) => (order.includes(campo) ? order.indexOf(campo) : order.length);
  const cambios = cambiosLegibles(row.antes, row.despues).sort((a, b) => rank(a.campo) - rank(b.campo));
  const show = (campo: string, value: unknown) =>
    (typeof value === 'string' ? valueLabels[campo]?.[value] : undefined) ?? formatAuditValue(value, campo);
  return cambios.length === 0 ? (
    <Text size="sm" c="dimmed">
      {historyMessages.sinCambios}
    </Text>
  ) : (
    <Stack gap={2}>
      {cambios.map(({ campo, antes, despues }) => (
        <Text key={campo} size="sm">
          {campo && (
            <Text span fw={600}>
              {labels[campo] ?? campoLegible(campo)}:{' '}
            </Text>
          )}
          {row.accion !== 'crear' && (
            <>
              <Text span c="red" td="line-through">
                {show(campo, antes)}
              </Text>
              {' → '}
            </>
          )}
          {row.accion !== 'eliminar' && (
            <Text span c="green">
              {show(campo, despues)}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}
