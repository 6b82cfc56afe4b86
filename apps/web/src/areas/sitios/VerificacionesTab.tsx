import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import type { Verificacion } from '@intranet/contract/areas/sitios';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../components/messages.ts';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { useVerificaciones } from './api.ts';
import { ResultadoBadge } from './Chips.tsx';
import { sitiosMessages as t } from './messages.ts';

const columns: ColumnDef<Verificacion>[] = [
  {
    id: 'fecha',
    header: t.verif.fecha,
    meta: { width: 150 },
    cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(row.original.fecha)}</span>,
  },
  {
    id: 'resultado',
    header: t.verif.resultado,
    meta: { width: 130 },
    cell: ({ row }) => <ResultadoBadge resultado={row.original.resultado} />,
  },
  {
    id: 'mensaje',
    header: t.verif.mensaje,
    cell: ({ row: { original: v } }) => (
      <>
        <Text size="sm">{v.mensaje}</Text>
        <Text size="xs" c="dimmed">
          {v.host}:{v.puerto}
        </Text>
      </>
    ),
  },
  {
    id: 'certificado',
    header: t.verif.certificado,
    cell: ({ row: { original: v } }) => (
      <Stack gap={0}>
        <Text size="sm">{t.certificadoDe(v.sujeto, v.valido_hasta && formatFecha(v.valido_hasta)) || '—'}</Text>
        {v.emisor && (
          <Text size="xs" c="dimmed">
            {v.emisor}
          </Text>
        )}
      </Stack>
    ),
  },
  { id: 'usuario', header: t.verif.usuario, meta: { width: 150 }, cell: ({ row }) => row.original.usuario ?? '—' },
];

/** The site's checks, newest first: when, who, the outcome and what the certificate said. */
export function VerificacionesTab({ id }: { id: number }) {
  const lista = useVerificaciones(id);
  if (lista.isPending) {
    return (
      <Group gap="xs" py="md">
        <Loader size="sm" />
        <Text size="sm">{listMessages.cargando}</Text>
      </Group>
    );
  }
  if (lista.isError) {
    return (
      <Alert color="red" role="alert">
        {lista.error.message}
      </Alert>
    );
  }
  if (lista.data.length === 0) return <Text c="dimmed">{t.sinVerificaciones}</Text>;
  return <DataTable label={t.verificaciones} columns={columns} rows={lista.data} getRowId={(v) => String(v.id)} />;
}
