import { Alert, Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { listMessages } from '../../../components/messages.ts';
import { useDesactualizados } from './api.ts';
import { actualizacionesMessages as t } from './messages.ts';

/** "Clientes desactualizados": per product, the clients whose servers run a version older than the newest. */
export function Desactualizados({ empresaId }: { empresaId?: number }) {
  const datos = useDesactualizados({ empresa_id: empresaId });
  if (datos.isPending) return <Text size="sm">{listMessages.cargando}</Text>;
  if (datos.isError) return <Alert color="red">{datos.error.message}</Alert>;
  if (datos.data.length === 0) return <Text c="dimmed">{t.sinProductos}</Text>;
  return (
    <Stack gap="md">
      {datos.data.map((p) => (
        <Paper key={p.producto_id} withBorder p="md" component="section" aria-label={t.desactualizadosTabla(p.producto)}>
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              {p.producto}
            </Title>
            <Text size="sm" c="dimmed">
              {t.ultimaVersion(p.ultima_version)}
            </Text>
          </Group>
          {p.clientes.length === 0 ? (
            <Text size="sm" c="green">
              {t.alDia}
            </Text>
          ) : (
            <Table striped withTableBorder aria-label={t.desactualizadosTabla(p.producto)}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t.campos.cliente}</Table.Th>
                  <Table.Th>{t.servidoresDe}</Table.Th>
                  <Table.Th>{t.campos.version}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {p.clientes.map((c) => (
                  <Table.Tr key={c.empresa_id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/clientes/${c.empresa_id}`} size="sm" fw={600}>
                        {c.cliente}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2}>
                        {c.servidores.map((s) => (
                          <Text key={s.id} size="sm">
                            {s.nombre}: {s.version}
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={c.atraso >= 3 ? 'red' : c.atraso === 2 ? 'orange' : 'yellow'} variant="light">
                        {t.atraso(c.atraso)}
                      </Badge>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
