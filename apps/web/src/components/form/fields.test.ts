// @vitest-environment happy-dom
import { contractResolver } from './contractResolver.ts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { servidorInput, type ServidorInput } from '@intranet/contract/areas/servidores';
import type { z } from 'zod';
import { renderUi } from '../testing.tsx';
import { FormError } from './FormError.tsx';
import { NumberField } from './NumberField.tsx';
import { SelectField } from './SelectField.tsx';
import { useServerErrors } from './serverErrors.ts';
import { SwitchField } from './SwitchField.tsx';
import { TextareaField } from './TextareaField.tsx';
import { TextField } from './TextField.tsx';

afterEach(cleanup);

/** A failed call shaped as core/http throws it. */
class FakeHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly campos: Record<string, string[]>,
  ) {
    super(message);
  }
}

type Salida = z.output<typeof servidorInput>;

function ServidorPrueba({ onSave }: { onSave: (values: Salida) => Promise<void> }) {
  const form = useForm<ServidorInput, unknown, Salida>({
    resolver: contractResolver(servidorInput),
    defaultValues: { nombre: '', hostname: '', ip_publica: '', estado: 'activo', notas: '' },
  });
  const { formError, onServerError } = useServerErrors(form);
  const { control } = form;
  const submit = form.handleSubmit((values) => onSave(values).catch(onServerError));
  return h(
    'form',
    { onSubmit: submit, noValidate: true },
    h(FormError, { message: formError }),
    h(TextField<ServidorInput, Salida>, { control, name: 'nombre', label: 'Nombre' }),
    h(TextField<ServidorInput, Salida>, { control, name: 'hostname', label: 'Hostname' }),
    h(TextField<ServidorInput, Salida>, { control, name: 'ip_publica', label: 'IP pública' }),
    h(SelectField<ServidorInput, Salida>, { control, name: 'estado', label: 'Estado', data: ['activo', 'baja'] }),
    h(TextareaField<ServidorInput, Salida>, { control, name: 'notas', label: 'Notas' }),
    h('button', { type: 'submit' }, 'Guardar'),
  );
}

describe('form fields bound to a contract schema', () => {
  it('shows the schema messages under their fields and does not submit', async () => {
    const onSave = vi.fn(async () => undefined);
    renderUi(h(ServidorPrueba, { onSave }));
    fireEvent.change(screen.getByLabelText('IP pública'), { target: { value: '300.1.1.1' } });
    fireEvent.change(screen.getByLabelText('Hostname'), { target: { value: 'mal host' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es requerido')).toBeTruthy();
    expect(screen.getByText('Dirección IP inválida')).toBeTruthy();
    expect(screen.getByText(/Nombre de host inválido/)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('submits the schema output: blanks become null, text is trimmed', async () => {
    const onSave = vi.fn(async (_values: Salida) => undefined);
    renderUi(h(ServidorPrueba, { onSave }));
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: '  web-01 ' } });
    fireEvent.change(screen.getByLabelText('Hostname'), { target: { value: 'Web01.Example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      nombre: 'web-01',
      hostname: 'web01.example.com',
      ip_publica: null,
      notas: null,
    });
  });

  it('puts the server field errors of a 409 on their fields', async () => {
    const onSave = vi.fn(async () => {
      throw new FakeHttpError(409, 'Conflicto', { nombre: ['Ya existe un servidor con ese nombre'] });
    });
    renderUi(h(ServidorPrueba, { onSave }));
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'web-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un servidor con ese nombre')).toBeTruthy();
    expect(screen.getByLabelText('Nombre').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the rest in the form-level alert', async () => {
    const onSave = vi.fn(async () => {
      throw new FakeHttpError(400, 'Datos inválidos', { 'otro.campo': ['No permitido'] });
    });
    renderUi(h(ServidorPrueba, { onSave }));
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'web-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se pudo guardar');
    expect(alert.textContent).toContain('Datos inválidos otro.campo: No permitido');
  });
});

/** A form holding a number and a switch, handing its values to `onSave`. */
function Prueba({ onSave }: { onSave: (values: { ttl: number | null; activo: boolean }) => void }) {
  const form = useForm<{ ttl: number | null; activo: boolean }>({ defaultValues: { ttl: 3600, activo: true } });
  return h(
    'form',
    { onSubmit: form.handleSubmit(onSave) },
    h(NumberField<{ ttl: number | null; activo: boolean }, { ttl: number | null; activo: boolean }>, {
      control: form.control,
      name: 'ttl',
      label: 'TTL',
    }),
    h(SwitchField<{ ttl: number | null; activo: boolean }, { ttl: number | null; activo: boolean }>, {
      control: form.control,
      name: 'activo',
      label: 'Activo',
    }),
    h('button', { type: 'submit' }, 'Guardar'),
  );
}

describe('NumberField and SwitchField', () => {
  it('keeps numbers as numbers, an empty box as null, and the switch as a boolean', async () => {
    const onSave = vi.fn();
    renderUi(h(Prueba, { onSave }));
    fireEvent.change(screen.getByLabelText('TTL'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Activo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({ ttl: null, activo: false });
  });
});
