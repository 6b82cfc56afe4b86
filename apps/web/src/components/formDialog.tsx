import { modals } from '@mantine/modals';
import { useEffect, useRef, type ReactNode } from 'react';
import { confirmAction } from './confirmAction.tsx';
import { confirmMessages, formMessages } from './messages.ts';

/** Whether each open form dialog holds unsaved changes, by modal id. */
const unsaved = new Map<string, () => boolean>();
let asking = false;

/**
 * Closes a form dialog, first asking (as useDirtyGuard does for pages) when it holds unsaved changes.
 * Answers whether it closed.
 */
export async function closeFormDialog(modalId: string): Promise<boolean> {
  if (asking) return false;
  if (unsaved.get(modalId)?.()) {
    asking = true;
    const leave = await confirmAction({
      title: formMessages.cambiosSinGuardarTitulo,
      message: formMessages.cambiosSinGuardarDialogo,
      confirmLabel: formMessages.cerrarSinGuardar,
      cancelLabel: formMessages.seguirEditando,
      danger: true,
    }).finally(() => {
      asking = false;
    });
    if (!leave) return false;
  }
  unsaved.delete(modalId);
  modals.close(modalId);
  return true;
}

/** Tells the dialog `modalId` whether its form holds unsaved changes (call it in the form's component). */
export function useFormDialogDirty(modalId: string, dirty: boolean): void {
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    unsaved.set(modalId, () => dirtyNow.current);
    const onKey = (event: KeyboardEvent) => {
      // An open dropdown (Select, TagsInput) takes its own Escape, as Mantine's modals let it.
      const target = event.target instanceof Element ? event.target : null;
      if (target?.getAttribute('data-mantine-stop-propagation') === 'true') return;
      if (event.key === 'Escape' && !event.defaultPrevented) void closeFormDialog(modalId);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('keydown', onKey);
      unsaved.delete(modalId);
    };
  }, [modalId]);
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
