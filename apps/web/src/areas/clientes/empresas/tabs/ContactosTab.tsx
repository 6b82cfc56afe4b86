import { Anchor, Badge, Paper, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { listMessages } from '../../../../components/messages.ts';
import { useContactos } from '../api.ts';
import { clientesMessages as t } from '../messages.ts';

/** The people of this client (Personas with this empresa), read through the Personas list. */
export function ContactosTab({ empresaId, contactoId }: { empresaId: number; contactoId: number | null }) {
  const contactos = useContactos(empresaId);
  if (contactos.isPending) return <Text c="dimmed">{listMessages.cargando}</Text>;
  if (contactos.isError) return <Text c="red">{contactos.error.message}</Text>;
  if (contactos.data.items.length === 0) return <Text c="dimmed">{t.sinContactos}</Text>;
  return (
    <Paper withBorder radius="md" p="md">
      <Table aria-label={t.contactosTitulo} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.contactoCampos.nombre}</Table.Th>
            <Table.Th>{t.contactoCampos.puesto}</Table.Th>
            <Table.Th>{t.contactoCampos.email}</Table.Th>
            <Table.Th>{t.contactoCampos.telefono}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {contactos.data.items.map((p) => (
            <Table.Tr key={p.id}>
              <Table.Td>
                <Anchor component={Link} to={`/personas/${p.id}`} size="sm" fw={600}>
                  {p.nombre_completo}
                </Anchor>{' '}
                {p.id === contactoId && (
                  <Badge size="xs" variant="light">
                    {t.contactoPrincipal}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{p.puesto}</Table.Td>
              <Table.Td>{p.email}</Table.Td>
              <Table.Td>{p.telefono}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
