import { Alert, Stack, Text } from '@mantine/core';
import { listMessages } from '../../../components/messages.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useSolicitudes, useVencimientosEmpresa } from './api.ts';
import { CertificadosEmpresa } from './empresa/CertificadosEmpresa.tsx';
import { LicenciasEmpresa } from './empresa/LicenciasEmpresa.tsx';
import { ProximosVencimientos } from './empresa/ProximosVencimientos.tsx';
import { PuntosVentaEmpresa } from './empresa/PuntosVentaEmpresa.tsx';
import { SolicitudesEmpresa } from './empresa/SolicitudesEmpresa.tsx';

/** The client's AFIP certificates, points of sale and Physis licences, with their expiries (client detail tab). */
export function VencimientosEmpresa({ empresaId }: { empresaId: number }) {
  const datos = useVencimientosEmpresa(empresaId);
  const solicitudes = useSolicitudes(empresaId);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const puedeDescargarClave = usePermiso('CLIENTES#CERTIFICADOS');
  if (datos.isPending) return <Text size="sm">{listMessages.cargando}</Text>;
  if (datos.isError) return <Alert color="red">{datos.error.message}</Alert>;
  const { certificados, puntos_venta, licencias, proximos } = datos.data;

  return (
    <Stack gap="md">
      <ProximosVencimientos proximos={proximos} puedeEditar={puedeEditar} />
      <CertificadosEmpresa
        empresaId={empresaId}
        certificados={certificados}
        puedeEditar={puedeEditar}
        puedeDescargarClave={puedeDescargarClave}
      />
      {solicitudes.data && solicitudes.data.length > 0 && (
        <SolicitudesEmpresa
          empresaId={empresaId}
          solicitudes={solicitudes.data}
          certificados={certificados}
          puedeEditar={puedeEditar}
        />
      )}
      <PuntosVentaEmpresa empresaId={empresaId} puntosVenta={puntos_venta} puedeEditar={puedeEditar} />
      <LicenciasEmpresa empresaId={empresaId} licencias={licencias} puedeEditar={puedeEditar} />
    </Stack>
  );
}
