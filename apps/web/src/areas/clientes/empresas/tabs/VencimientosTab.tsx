import { VencimientosEmpresa } from '../../vencimientos/VencimientosEmpresa.tsx';

/** The client's AFIP certificates, points of sale and Physis licences (Vencimientos sections, issue 7 part B). */
export function VencimientosTab({ empresaId }: { empresaId: number }) {
  return <VencimientosEmpresa empresaId={empresaId} />;
}
