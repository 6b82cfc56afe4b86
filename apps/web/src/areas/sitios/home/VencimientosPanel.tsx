import { Stack } from '@mantine/core';
import { diasRestantesTexto } from '@intranet/contract/areas/clientes/vencimientos';
import { EstadoChip } from '../../../components/Vencimientos/EstadoChip.tsx';
import { HomePanel, HomePanelLine } from '../../../components/HomePanel.tsx';
import { formatFecha } from '../../../core/format.ts';
import { useSitiosVencimientos } from '../api.ts';

/** The sites' certificates and domains that expire in the next 30 days (or already did), the nearest first. */
export function VencimientosPanel() {
  const query = useSitiosVencimientos('plazo=30&sort=vence&size=5');
  return (
    <HomePanel
      title="Sitios · vencen en 30 días"
      link="/soluciones/web/vencimientos?plazo=30"
      total={query.data?.total}
      status={query.status}
      empty="Ningún certificado ni dominio vence en los próximos 30 días."
      isEmpty={query.data?.items.length === 0}
    >
      <Stack gap={8}>
        {query.data?.items.map((v) => (
          <HomePanelLine
            key={v.id}
            link={`/soluciones/web/${v.sitio_id}`}
            text={`${v.nombre} · ${v.tipo === 'ssl' ? 'Certificado' : 'Dominio'}`}
            detail={`${formatFecha(v.vence)} · ${diasRestantesTexto(v.dias)}`}
            aside={<EstadoChip dias={v.dias} />}
          />
        ))}
      </Stack>
    </HomePanel>
  );
}
