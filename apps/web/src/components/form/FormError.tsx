import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { formMessages } from '../messages.ts';

/** The form-level alert for a server error that belongs to no single field. */
export function FormError({ message, title = formMessages.errorGuardar }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert color="red" title={title} icon={<IconAlertCircle size={18} />} role="alert">
      {message}
    </Alert>
  );
}
