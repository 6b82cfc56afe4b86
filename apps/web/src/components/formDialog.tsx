import { Button, Group, Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { confirmMessages, formMessages } from './messages.ts';

interface OpenForm {
  dirty: () => boolean;
  /** Asks inside the dialog itself: a second modal through the manager would unmount the form and lose it. */
  ask: () => Promise<boolean>;
}

/** The form dialogs open now, by modal id. */
const openForms = new Map<string, OpenForm>();
let asking = false;

/**
 * Closes a form dialog, first asking (as useDirtyGuard does for pages) when it holds unsaved changes.
 * Answers whether it closed.
 */
export async function closeFormDialog(modalId: string): Promise<boolean> {
  if (asking) return false;
  const form = openForms.get(modalId);
  if (form?.dirty()) {
    asking = true;
    const leave = await form.ask().finally(() => {
      asking = false;
    });
    if (!leave) return false;
  }
  openForms.delete(modalId);
  modals.close(modalId);
  return true;
}

/**
 * Tells the dialog `modalId` whether its form holds unsaved changes, and answers the question it asks before
 * closing with them: render the returned element inside the form.
 */
export function useFormDialogDirty(modalId: string, dirty: boolean): ReactNode {
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const [pending, setPending] = useState<{ resolve: (leave: boolean) => void } | null>(null);
  const pendingNow = useRef(pending);
  pendingNow.current = pending;

  useEffect(() => {
    openForms.set(modalId, {
      dirty: () => dirtyNow.current,
      ask: () => new Promise<boolean>((resolve) => setPending({ resolve })),
    });
    const onKey = (event: KeyboardEvent) => {
      // An open dropdown (Select, TagsInput) takes its own Escape, as Mantine's modals let it.
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      if (event.key === 'Escape' && !event.defaultPrevented) void closeFormDialog(modalId);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      openForms.delete(modalId);
      // Closed from elsewhere (a 401 closes every dialog) while asking: the question goes with it.
      pendingNow.current?.resolve(false);
    };
  }, [modalId]);

  const answer = (leave: boolean) => {
    pending?.resolve(leave);
    setPending(null);
  };
  return (
    <Modal
      opened={pending !== null}
      onClose={() => answer(false)}
      title={formMessages.cambiosSinGuardarTitulo}
      centered
      size="sm"
      zIndex={400}
      closeButtonProps={{ 'aria-label': confirmMessages.cerrar }}
    >
      <Text size="sm">{formMessages.cambiosSinGuardarDialogo}</Text>
      <Group justify="flex-end" gap="sm" mt="md">
        <Button variant="default" onClick={() => answer(false)}>
          {formMessages.seguirEditando}
        </Button>
        <Button color="red" onClick={() => answer(true)}>
          {formMessages.cerrarSinGuardar}
        </Button>
      </Group>
    </Modal>
  );
}

export interface FormDialogOptions {
  modalId: string;
  title: string;
  size?: string;
  children: ReactNode;
}

/**
 * A dialog holding a form: Escape, the close button and Cancel go through `closeFormDialog`, so unsaved
 * changes are never lost without asking; a click outside does not close it. Opened through @mantine/modals,
 * so a 401/403 still closes it with every other dialog.
 */
export function openFormDialog({ modalId, title, size, children }: FormDialogOptions): void {
  modals.open({
    modalId,
    title,
    size,
    centered: true,
    closeOnClickOutside: false,
    closeOnEscape: false,
    closeButtonProps: {
      'aria-label': confirmMessages.cerrar,
      // Mantine's close button closes before any onClick: the capture phase stops it and asks first.
      onClickCapture: (event) => {
        event.stopPropagation();
        void closeFormDialog(modalId);
      },
    },
    children,
  });
}
