import { VencimientosCliente } from '../../vencimientos/VencimientosCliente.tsx';

/** The client's AFIP certificates, points of sale and Physis licences (the Vencimientos sections). */
export function VencimientosTab({ clienteId }: { clienteId: number }) {
  return <VencimientosCliente clienteId={clienteId} />;
}
