import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconTableImport } from '@tabler/icons-react';
import { useState } from 'react';
import { ImportarWizard, type ImportarWizardProps } from './ImportarWizard.tsx';
import { importarMessages as t } from './messages.ts';

interface ImportarButtonProps extends Omit<ImportarWizardProps, 'onCerrar'> {
  /** What is imported, for the dialog's title ('máquinas'). */
  que: string;
}

/** A list's "Importar": opens the import wizard in a dialog (full screen on a phone). */
export function ImportarButton({ que, ...wizard }: ImportarButtonProps) {
  const [abierto, setAbierto] = useState(false);
  const angosta = useMediaQuery('(max-width: 48em)');
  return (
    <>
      <Button variant="default" leftSection={<IconTableImport size={16} />} onClick={() => setAbierto(true)}>
        {t.importar}
      </Button>
      <Modal opened={abierto} onClose={() => setAbierto(false)} title={t.titulo(que)} size="80rem" fullScreen={angosta} closeOnClickOutside={false}>
        {abierto && <ImportarWizard {...wizard} onCerrar={() => setAbierto(false)} />}
      </Modal>
    </>
  );
}
