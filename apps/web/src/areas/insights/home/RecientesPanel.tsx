import { Stack } from '@mantine/core';
import { HomePanel, HomePanelLine } from '../../../components/HomePanel.tsx';
import { useIssues } from '../api.ts';
import { SerieSparkline } from '../SerieSparkline.tsx';

const DIA_MS = 86_400_000;

/**
 * The monitor's unresolved issues seen in the last 24 hours, new or back again (a regression reopens its issue),
 * the latest first, each with its last two weeks as a sparkline.
 */
export function RecientesPanel() {
  const query = useIssues('estado=unresolved&sort=-ultima_vez&size=10');
  const desde = Date.now() - DIA_MS;
  const recientes = (query.data?.items ?? []).filter((issue) => Date.parse(issue.ultima_vez) >= desde).slice(0, 5);
  return (
    <HomePanel
      title="Errores de las últimas 24 h"
      link="/insights?estado=unresolved&sort=-ultima_vez"
      status={query.status}
      empty="Ningún error nuevo ni reabierto en las últimas 24 horas."
      isEmpty={recientes.length === 0}
    >
      <Stack gap={8}>
        {recientes.map((issue) => (
          <HomePanelLine
            key={issue.id}
            link={`/insights/${issue.id}`}
            text={issue.titulo}
            detail={`${issue.proyecto_nombre}${Date.parse(issue.primera_vez) >= desde ? ' · nuevo' : ''}`}
            aside={<SerieSparkline serie={issue.serie} />}
          />
        ))}
      </Stack>
    </HomePanel>
  );
}
