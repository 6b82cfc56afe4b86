import { Stack } from '@mantine/core';
import { HomePanel, HomePanelLine } from '../../../components/HomePanel.tsx';
import { formatFecha } from '../../../core/format.ts';
import { EstadoBadge } from '../EstadoBadge.tsx';
import { useVersiones } from '../api.ts';

/** The versions changed last: drafts being written, the latest published. */
export function UltimasPanel() {
  const query = useVersiones('sort=-actualizado&size=5');
  return (
    <HomePanel
      title="Últimas versiones"
      link="/versiones?sort=-actualizado"
      total={query.data?.total}
      status={query.status}
      empty="Todavía no hay versiones."
      isEmpty={query.data?.items.length === 0}
    >
      <Stack gap={8}>
        {query.data?.items.map((v) => (
          <HomePanelLine
            key={v.id}
            link={`/versiones/${v.id}`}
            text={`${v.producto} ${v.numero}`}
            detail={`${v.canal} · ${formatFecha(v.fecha_publicacion ?? v.actualizado)}`}
            aside={<EstadoBadge estado={v.estado} />}
          />
        ))}
      </Stack>
    </HomePanel>
  );
}
