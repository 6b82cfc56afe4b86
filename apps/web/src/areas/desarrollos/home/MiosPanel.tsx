import { Badge, Group, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DESARROLLO_ESTADO_NOMBRES } from '@intranet/contract/areas/desarrollos';
import { desarrollosApi } from '@intranet/contract/areas/desarrollos/endpoints';
import { HomePanel, HomePanelLine } from '../../../components/HomePanel.tsx';
import { call } from '../../../core/http/endpoint.ts';

/** The developments the user is responsible for, by state, each state linked to the filtered list. */
export function MiosPanel() {
  const query = useQuery({
    queryKey: ['desarrollos', 'mios'],
    queryFn: async ({ signal }) => (await call(desarrollosApi.mios, { signal })).datos,
  });
  const personaId = query.data?.persona_id ?? null;
  const estados = (query.data?.estados ?? []).filter((e) => e.cantidad > 0);
  const total = estados.reduce((sum, e) => sum + e.cantidad, 0);
  const lista = personaId === null ? '/desarrollos' : `/desarrollos?responsable_id=${personaId}`;
  return (
    <HomePanel
      title="Mis desarrollos"
      link={lista}
      total={query.data ? total : undefined}
      status={query.status}
      empty={
        personaId === null
          ? 'Su cuenta no está vinculada a una persona: no tiene desarrollos a cargo.'
          : 'No tiene desarrollos a su cargo.'
      }
      isEmpty={total === 0}
    >
      <SimpleGrid cols={2} spacing={8}>
        {estados.map((e) => (
          <HomePanelLine
            key={e.estado}
            link={`${lista}&estado=${e.estado}`}
            text={DESARROLLO_ESTADO_NOMBRES[e.estado]}
            aside={
              <Group gap={4}>
                <Badge variant="light" size="sm">
                  {e.cantidad}
                </Badge>
              </Group>
            }
          />
        ))}
      </SimpleGrid>
    </HomePanel>
  );
}
