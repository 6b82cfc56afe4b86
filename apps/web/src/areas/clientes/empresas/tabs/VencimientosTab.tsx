import { VencimientosEmpresa } from '../../vencimientos/VencimientosEmpresa.tsx';

/** The client's AFIP certificates, points of sale and Physis licences (the Vencimientos sections). */
export function VencimientosTab({ empresaId }: { empresaId: number }) {
  return <VencimientosEmpresa empresaId={empresaId} />;
}
