import { Button, Menu, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconTableImport } from '@tabler/icons-react';
import { useState } from 'react';
import { ImportarWizard, type ImportarWizardProps } from './ImportarWizard.tsx';
import { importarMessages as t } from './messages.ts';

/** One thing a list imports. */
export interface Importable extends Omit<ImportarWizardProps, 'onCerrar'> {
  /** What is imported, for the dialog's title and the menu ('máquinas', 'servidores de clientes'). */
  que: string;
}

interface ImportarButtonProps {
  /** What the list imports; with more than one, "Importar" opens a menu to choose. */
  importables: readonly Importable[];
  /** The button's text when "Importar" alone would be ambiguous on the screen. */
  etiqueta?: string;
}

/** A list's "Importar": opens the import wizard in a dialog (full screen on a phone). */
export function ImportarButton({ importables, etiqueta = t.importar }: ImportarButtonProps) {
  const [abierto, setAbierto] = useState<Importable | null>(null);
  const angosta = useMediaQuery('(max-width: 48em)');
  const icono = <IconTableImport size={16} />;
  return (
    <>
      {importables.length === 1 ? (
        <Button variant="default" leftSection={icono} onClick={() => setAbierto(importables[0]!)}>
          {etiqueta}
        </Button>
      ) : (
        <Menu position="bottom-end">
          <Menu.Target>
            <Button variant="default" leftSection={icono} rightSection={<IconChevronDown size={14} />}>
              {etiqueta}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {importables.map((i) => (
              <Menu.Item key={i.url} onClick={() => setAbierto(i)}>
                {t.menu(i.que)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      <Modal
        opened={abierto !== null}
        onClose={() => setAbierto(null)}
        title={abierto ? t.titulo(abierto.que) : ''}
        size="80rem"
        fullScreen={angosta}
        closeOnClickOutside={false}
      >
        {abierto && <ImportarWizard {...abierto} onCerrar={() => setAbierto(null)} />}
      </Modal>
    </>
  );
}
