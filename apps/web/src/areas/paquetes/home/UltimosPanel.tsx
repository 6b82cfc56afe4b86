import { Stack, Text } from '@mantine/core';
import { HomePanel, HomePanelLine } from '../../../components/HomePanel.tsx';
import { formatBytes, formatFecha } from '../../../core/format.ts';
import { usePaquetes } from '../api.ts';

/** The latest installer packages uploaded. */
export function UltimosPanel() {
  const query = usePaquetes('sort=-fecha&size=5');
  return (
    <HomePanel
      title="Últimos paquetes"
      link="/instaladores?sort=-fecha"
      total={query.data?.total}
      status={query.status}
      empty="Todavía no se subió ningún paquete."
      isEmpty={query.data?.items.length === 0}
    >
      <Stack gap={8}>
        {query.data?.items.map((p) => (
          <HomePanelLine
            key={p.id}
            link={`/instaladores/${p.id}`}
            text={p.nombre}
            detail={[p.producto, p.version, p.tamano === null ? null : formatBytes(p.tamano)]
              .filter(Boolean)
              .join(' · ')}
            aside={
              <Text size="xs" c="dimmed">
                {formatFecha(p.fecha)}
              </Text>
            }
          />
        ))}
      </Stack>
    </HomePanel>
  );
}
