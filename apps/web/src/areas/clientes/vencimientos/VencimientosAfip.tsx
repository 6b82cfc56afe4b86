import { Button } from '@mantine/core';
import { IconCertificate, IconPlus } from '@tabler/icons-react';
import { ImportarButton } from '../../../components/Importar/ImportarButton.tsx';
import { importarMessages } from '../../../components/Importar/messages.ts';
import { certificadosUrl, vencimientosKeys } from './api.ts';
import { abrirImportarCertificado } from './ImportarCertificadoDialog.tsx';
import { vencimientosMessages as t } from './messages.ts';
import { abrirPuntoVenta } from './PuntoVentaDialog.tsx';
import { VencimientosGrid } from './VencimientosGrid.tsx';

/** `/clientes/vencimientosafip/lista`: AFIP certificates and CAI points of sale by due date. */
export function VencimientosAfip() {
  return (
    <VencimientosGrid
      grupo="afip"
      title={t.tituloAfip}
      tableLabel={t.tablaAfip}
      tipos={['certificado', 'punto_venta']}
      actions={
        <>
          <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => abrirPuntoVenta()}>
            {t.nuevoPuntoVenta}
          </Button>
          <ImportarButton
            etiqueta={importarMessages.importarVarios}
            importables={[
              {
                url: certificadosUrl(),
                nombre: 'certificados-afip',
                que: 'certificados AFIP',
                certificados: true,
                invalidar: [vencimientosKeys.all, ['auditoria']],
              },
            ]}
          />
          <Button leftSection={<IconCertificate size={16} />} onClick={() => abrirImportarCertificado()}>
            {t.importar}
          </Button>
        </>
      }
    />
  );
}
