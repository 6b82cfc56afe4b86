import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { formMessages } from '../messages.ts';

/**
 * A form's closing buttons: Cancelar and the submit button (Guardar unless `label` says otherwise), at the right
 * as in every dialog and record form; `inline` forms that open inside a list put Guardar first, at the left.
 */
export function FormActions({
  onCancel,
  submitting,
  label = formMessages.guardar,
  inline = false,
  sinCambios = false,
}: {
  onCancel: () => void;
  submitting: boolean;
  label?: ReactNode;
  inline?: boolean;
  /** Nothing changed yet: the submit button waits for a change (saving the same values would write an empty change). */
  sinCambios?: boolean;
}) {
  const cancel = (
    <Button variant="default" onClick={onCancel}>
      {formMessages.cancelar}
    </Button>
  );
  const submit = (
    <Button
      type="submit"
      loading={submitting}
      disabled={sinCambios}
      title={sinCambios ? formMessages.sinCambios : undefined}
    >
      {label}
    </Button>
  );
  return inline ? (
    <Group gap="sm">
      {submit}
      {cancel}
    </Group>
  ) : (
    <Group justify="flex-end" gap="sm">
      {cancel}
      {submit}
    </Group>
  );
}
