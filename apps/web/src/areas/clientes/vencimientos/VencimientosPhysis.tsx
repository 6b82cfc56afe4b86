import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { LoteCampo } from '../../../components/DataTable/LoteBar.tsx';
import { ImportarButton } from '../../../components/Importar/ImportarButton.tsx';
import { licenciasUrl, vencimientosKeys } from './api.ts';
import { abrirLicencia } from './LicenciaDialog.tsx';
import { vencimientosMessages as t } from './messages.ts';
import { VencimientosGrid } from './VencimientosGrid.tsx';

/** What a bulk change may set on licences. */
const CAMPOS_LOTE: readonly LoteCampo[] = [
  { campo: 'renovacion_auto', etiqueta: t.licencia.renovacion_auto, tipo: 'si_no' },
];

/** `/clientes/vencimientosphysis/lista`: Physis licences by due date. */
export function VencimientosPhysis() {
  return (
    <VencimientosGrid
      grupo="physis"
      title={t.tituloPhysis}
      tableLabel={t.tablaPhysis}
      tipos={['licencia']}
      camposLote={CAMPOS_LOTE}
      actions={
        <>
          <ImportarButton
            importables={[
              {
                url: licenciasUrl(),
                nombre: 'licencias-physis',
                que: 'licencias Physis',
                invalidar: [vencimientosKeys.all, ['auditoria']],
              },
            ]}
          />
          <Button leftSection={<IconPlus size={16} />} onClick={() => abrirLicencia()}>
            {t.nuevaLicencia}
          </Button>
        </>
      }
    />
  );
}
