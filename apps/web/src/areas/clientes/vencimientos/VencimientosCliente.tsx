import { Alert, Stack, Text } from '@mantine/core';
import { listMessages } from '../../../components/messages.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { useSolicitudes, useVencimientosCliente } from './api.ts';
import { CertificadosCliente } from './empresa/CertificadosCliente.tsx';
import { LicenciasCliente } from './empresa/LicenciasCliente.tsx';
import { ProximosVencimientos } from './empresa/ProximosVencimientos.tsx';
import { PuntosVentaCliente } from './empresa/PuntosVentaCliente.tsx';
import { SolicitudesCliente } from './empresa/SolicitudesCliente.tsx';

/** The client's AFIP certificates, points of sale and Physis licences, with their expiries (client detail tab). */
export function VencimientosCliente({ clienteId }: { clienteId: number }) {
  const datos = useVencimientosCliente(clienteId);
  const solicitudes = useSolicitudes(clienteId);
  const puedeEditar = usePermiso('CLIENTES#EDITAR');
  const puedeDescargarClave = usePermiso('CLIENTES#CERTIFICADOS');
  if (datos.isPending) return <Text size="sm">{listMessages.cargando}</Text>;
  if (datos.isError) return <Alert color="red">{datos.error.message}</Alert>;
  const { certificados, puntos_venta, licencias, proximos } = datos.data;

  return (
    <Stack gap="md">
      <ProximosVencimientos proximos={proximos} puedeEditar={puedeEditar} />
      <CertificadosCliente
        clienteId={clienteId}
        certificados={certificados}
        puedeEditar={puedeEditar}
        puedeDescargarClave={puedeDescargarClave}
      />
      {solicitudes.data && solicitudes.data.length > 0 && (
        <SolicitudesCliente
          clienteId={clienteId}
          solicitudes={solicitudes.data}
          certificados={certificados}
          puedeEditar={puedeEditar}
        />
      )}
      <PuntosVentaCliente clienteId={clienteId} puntosVenta={puntos_venta} puedeEditar={puedeEditar} />
      <LicenciasCliente clienteId={clienteId} licencias={licencias} puedeEditar={puedeEditar} />
    </Stack>
  );
}
