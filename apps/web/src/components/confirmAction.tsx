import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { confirmMessages } from './messages.ts';

export interface ConfirmOptions {
  title: string;
  /** The question, in full: what will happen and to what. */
  message: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: red confirm button. */
  danger?: boolean;
}

/**
 * Asks for confirmation in a dialog opened through @mantine/modals (so a 401/403 closes it with the others)
 * and answers true when confirmed, false when cancelled or closed.
 */
export function confirmAction({
  title,
  message,
  confirmLabel,
  cancelLabel,
  danger = false,
}: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let answered = false;
    const answer = (value: boolean) => {
      if (answered) return;
      answered = true;
      resolve(value);
    };
    modals.openConfirmModal({
      title,
      centered: true,
      closeButtonProps: { 'aria-label': confirmMessages.cerrar },
      children: typeof message === 'string' ? <Text size="sm">{message}</Text> : message,
      labels: {
        confirm: confirmLabel ?? (danger ? confirmMessages.eliminar : confirmMessages.confirmar),
        cancel: cancelLabel ?? confirmMessages.cancelar,
      },
      confirmProps: danger ? { color: 'red' } : {},
      onConfirm: () => answer(true),
      onCancel: () => answer(false),
      onClose: () => answer(false),
    });
  });
}
