import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { abrirLicencia } from './LicenciaDialog.tsx';
import { vencimientosMessages as t } from './messages.ts';
import { VencimientosGrid } from './VencimientosGrid.tsx';

/** `/clientes/vencimientosphysis/lista`: Physis licences by due date. */
export function VencimientosPhysis() {
  return (
    <VencimientosGrid
      grupo="physis"
      title={t.tituloPhysis}
      tableLabel={t.tablaPhysis}
      tipos={['licencia']}
      actions={
        <Button leftSection={<IconPlus size={16} />} onClick={() => abrirLicencia()}>
          {t.nuevaLicencia}
        </Button>
      }
    />
  );
}
