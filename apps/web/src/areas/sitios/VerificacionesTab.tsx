import { Alert, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { listMessages } from '../../components/messages.ts';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { useVerificaciones } from './api.ts';
import { ResultadoBadge } from './Chips.tsx';
import { sitiosMessages as t } from './messages.ts';

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
  return (
    <Table aria-label={t.verificaciones} verticalSpacing="sm" striped>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>{t.verif.fecha}</Table.Th>
          <Table.Th w={130}>{t.verif.resultado}</Table.Th>
          <Table.Th>{t.verif.mensaje}</Table.Th>
          <Table.Th>{t.verif.certificado}</Table.Th>
          <Table.Th w={150}>{t.verif.usuario}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lista.data.map((v) => (
          <Table.Tr key={v.id}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(v.fecha)}</Table.Td>
            <Table.Td>
              <ResultadoBadge resultado={v.resultado} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{v.mensaje}</Text>
              <Text size="xs" c="dimmed">
                {v.host}:{v.puerto}
              </Text>
            </Table.Td>
            <Table.Td>
              <Stack gap={0}>
                <Text size="sm">{t.certificadoDe(v.sujeto, v.valido_hasta && formatFecha(v.valido_hasta)) || '—'}</Text>
                {v.emisor && (
                  <Text size="xs" c="dimmed">
                    {v.emisor}
                  </Text>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>{v.usuario ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
