import { Stack } from '@mantine/core';
import { diasRestantesTexto, type VencimientoGrupo } from '@intranet/contract/areas/clientes/vencimientos';
import { EstadoChip } from '../../../components/Vencimientos/EstadoChip.tsx';
import { HomePanel, HomePanelLine } from '../../../components/HomePanel.tsx';
import { formatFecha } from '../../../core/format.ts';
import { useVencimientos } from '../vencimientos/api.ts';

const TITULOS: Record<VencimientoGrupo, { titulo: string; lista: string }> = {
  afip: { titulo: 'AFIP · vencen en 30 días', lista: '/clientes/vencimientosafip/lista' },
  physis: { titulo: 'Physis · vencen en 30 días', lista: '/clientes/vencimientosphysis/lista' },
};

/** The clients' expiries of the next 30 days (and those already expired), the nearest first. */
function VencimientosPanel({ grupo }: { grupo: VencimientoGrupo }) {
  const { titulo, lista } = TITULOS[grupo];
  const query = useVencimientos(grupo, 'plazo=30&sort=vence&size=5');
  return (
    <HomePanel
      title={titulo}
      link={`${lista}?plazo=30`}
      total={query.data?.total}
      status={query.status}
      empty="Nada vence en los próximos 30 días."
      isEmpty={query.data?.items.length === 0}
    >
      <Stack gap={8}>
        {query.data?.items.map((v) => (
          <HomePanelLine
            key={v.id}
            link={`/clientes/${v.empresa_id}`}
            text={`${v.cliente} · ${v.item}`}
            detail={`${formatFecha(v.vence)} · ${diasRestantesTexto(v.dias)}`}
            aside={<EstadoChip dias={v.dias} />}
          />
        ))}
      </Stack>
    </HomePanel>
  );
}

export const AfipPanel = () => <VencimientosPanel grupo="afip" />;
export const PhysisPanel = () => <VencimientosPanel grupo="physis" />;
