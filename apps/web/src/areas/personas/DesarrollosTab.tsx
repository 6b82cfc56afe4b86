import { Alert, Anchor, Badge, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DESARROLLO_ESTADO_NOMBRES, DESARROLLO_PRIORIDAD_NOMBRES, desarrolloPage } from '@intranet/contract/desarrollos';
import { envelope } from '@intranet/contract/envelope';
import { listMessages } from '../../components/messages.ts';
import { apiUrl } from '../../core/config/config.ts';
import { formatFecha } from '../../core/format.ts';
import { http } from '../../core/http/http.ts';
import { personasMessages as t } from './messages.ts';

const MAX = 50;

/** The developments a person owns (AREAS.md), from the Desarrollos list filtered by owner; open ones first. */
export function DesarrollosTab({ personaId }: { personaId: number }) {
  const filtro = `responsable_id=${personaId}`;
  const desarrollos = useQuery({
    queryKey: ['desarrollos', 'lista', `${filtro}&sort=estado&size=${MAX}`],
    queryFn: async ({ signal }) =>
      (await http.get(apiUrl('api', `/api/desarrollos?${filtro}&sort=estado&size=${MAX}`), envelope(desarrolloPage), { signal })).datos,
  });
  if (desarrollos.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (desarrollos.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {desarrollos.error.message}
      </Alert>
    );
  }
  const { items, total } = desarrollos.data;
  if (total === 0) return <Text c="dimmed">{t.sinDesarrollos}</Text>;
  return (
    <Stack gap="xs">
      <Paper withBorder radius="md">
        <Table aria-label={t.desarrollosTabla} verticalSpacing="sm" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.desarrolloCampos.titulo}</Table.Th>
              <Table.Th>{t.desarrolloCampos.cliente}</Table.Th>
              <Table.Th>{t.desarrolloCampos.estado}</Table.Th>
              <Table.Th>{t.desarrolloCampos.prioridad}</Table.Th>
              <Table.Th>{t.desarrolloCampos.compromiso}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((d) => (
              <Table.Tr key={d.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/desarrollos/${d.id}`} fw={600} size="sm">
                    {d.titulo}
                  </Anchor>
                </Table.Td>
                <Table.Td>{d.empresa ?? t.desarrolloInterno}</Table.Td>
                <Table.Td>
                  <Badge variant="light" color="gray">
                    {DESARROLLO_ESTADO_NOMBRES[d.estado]}
                  </Badge>
                </Table.Td>
                <Table.Td>{DESARROLLO_PRIORIDAD_NOMBRES[d.prioridad]}</Table.Td>
                <Table.Td c={d.vencido ? 'red.7' : undefined}>{d.fecha_compromiso ? formatFecha(d.fecha_compromiso) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Anchor component={Link} to={`/desarrollos?${filtro}`} size="sm">
        {t.verDesarrollos(total)}
      </Anchor>
    </Stack>
  );
}
