import { Alert, Loader, Table, Text } from '@mantine/core';
import { listMessages } from '../../components/messages.ts';
import { formatFechaHora } from '../../core/format.ts';
import { useCambios } from './api.ts';
import { EstadoBadge } from './Badges.tsx';
import { desarrollosMessages as t } from './messages.ts';

/** The dated state changes of a development, newest first: who moved it, from where, to where. */
export function CambiosEstado({ id }: { id: number }) {
  const cambios = useCambios(id);
  if (cambios.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (cambios.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {cambios.error.message}
      </Alert>
    );
  }
  return (
    <Table aria-label={t.cambiosTabla} striped verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>{t.cambioFecha}</Table.Th>
          <Table.Th w={160}>{t.cambioUsuario}</Table.Th>
          <Table.Th>{t.cambioDe}</Table.Th>
          <Table.Th>{t.cambioA}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {[...cambios.data].reverse().map((c) => (
          <Table.Tr key={c.id}>
            <Table.Td>{formatFechaHora(c.fecha)}</Table.Td>
            <Table.Td>{c.usuario ?? t.sistema}</Table.Td>
            <Table.Td>{c.desde ? <EstadoBadge estado={c.desde} /> : <Text size="sm" c="dimmed">{t.creacion}</Text>}</Table.Td>
            <Table.Td>
              <EstadoBadge estado={c.hacia} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
