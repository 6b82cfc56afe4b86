// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement, useState } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { answers, choose, openSelect, optionNames } from '../../test/fixtures.ts';
import { renderUi } from '../testing.tsx';
import { EntityField, EntityFilter, EntitySelect } from './EntitySelect.tsx';
import type { EntitySource } from './useEntityOptions.ts';

const http = vi.hoisted(() => ({ get: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const item = z.object({ id: z.number(), nombre: z.string() });
type Item = z.infer<typeof item>;
const source: EntitySource<Item> = {
  key: 'cosas',
  path: '/api/cosas/opciones',
  schema: item,
  label: (c) => c.nombre.toUpperCase(),
};
const primeras: Item[] = [
  { id: 1, nombre: 'alfa' },
  { id: 2, nombre: 'beta' },
];

beforeEach(() => {
  http.get.mockImplementation(
    answers({ '/api/cosas/opciones?id=9': [{ id: 9, nombre: 'omega' }], '/api/cosas/opciones?': primeras }),
  );
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

/** An unbound select holding its value, as a screen does. */
function Elegir({
  inicial = null,
  onChange = () => undefined,
  ...rest
}: {
  inicial?: number | null;
  onChange?: (id: number | null) => void;
  excluir?: number;
  error?: string;
}) {
  const [value, setValue] = useState<number | null>(inicial);
  return createElement(EntitySelect<Item>, {
    source,
    label: 'Cosa',
    value,
    onChange: (id) => {
      setValue(id);
      onChange(id);
    },
    ...rest,
  });
}

describe('EntitySelect', () => {
  it('offers what the server found, by the source’s label, and answers the id chosen', async () => {
    const onChange = vi.fn();
    renderUi(createElement(Elegir, { onChange }));
    const listbox = await openSelect('Cosa');
    await waitFor(() => expect(optionNames(listbox)).toEqual(['ALFA', 'BETA']));
    expect(http.get).toHaveBeenCalledWith('/api/cosas/opciones?', expect.anything(), expect.anything());
    fireEvent.click(within(listbox).getByRole('option', { name: 'BETA', hidden: true }));
    expect(onChange).toHaveBeenCalledWith(2);
  });

  it('shows the chosen item’s label even when the first page lacks it', async () => {
    renderUi(createElement(Elegir, { inicial: 9 }));
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Cosa' }) as HTMLInputElement).value).toBe('OMEGA'),
    );
    expect(http.get).toHaveBeenCalledWith('/api/cosas/opciones?id=9', expect.anything(), expect.anything());
  });

  it('lets the server search what is typed, once typing pauses, without filtering again', async () => {
    renderUi(createElement(Elegir));
    const input = screen.getByRole('textbox', { name: 'Cosa' });
    fireEvent.click(input);
    fireEvent.change(input, { target: { value: 'zz' } });
    await waitFor(() =>
      expect(http.get).toHaveBeenCalledWith('/api/cosas/opciones?q=zz', expect.anything(), expect.anything()),
    );
    // The answer does not contain "zz", yet every option the server sent is offered.
    const listbox = document.getElementById(input.getAttribute('aria-controls') ?? '');
    await waitFor(() => expect(optionNames(listbox!)).toEqual(['ALFA', 'BETA']));
  });

  it('is clearable, leaves out the excluded item and shows an error', async () => {
    const onChange = vi.fn();
    renderUi(createElement(Elegir, { inicial: 1, onChange, excluir: 2, error: 'Elija una cosa' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Cosa' }) as HTMLInputElement).value).toBe('ALFA'));
    expect(screen.getByText('Elija una cosa')).toBeTruthy();
    const listbox = await openSelect('Cosa');
    expect(optionNames(listbox)).toEqual(['ALFA']);
    // Mantine's clear button is hidden from the accessibility tree (the keyboard clears with Backspace).
    fireEvent.click(screen.getByRole('button', { hidden: true }));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});

/** A form holding the field, whose submit refuses an empty value. */
function Formulario({ onSubmit }: { onSubmit: (values: { cosa_id: number | null }) => void }) {
  const form = useForm<{ cosa_id: number | null }>({ defaultValues: { cosa_id: null } });
  const submit = form.handleSubmit((values) => {
    if (values.cosa_id === null) form.setError('cosa_id', { message: 'Requerido' });
    else onSubmit(values);
  });
  return createElement(
    'form',
    { onSubmit: (event: Event) => void submit(event as unknown as React.FormEvent) },
    createElement(EntityField<{ cosa_id: number | null }, { cosa_id: number | null }, Item>, {
      control: form.control,
      name: 'cosa_id',
      label: 'Cosa',
      source,
    }),
    createElement('button', { type: 'submit' }, 'Guardar'),
  );
}

describe('EntityField', () => {
  it('holds the id in the form and shows the form’s error on the field', async () => {
    const onSubmit = vi.fn();
    renderUi(createElement(Formulario, { onSubmit }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Requerido')).toBeTruthy();
    await choose('Cosa', 'ALFA');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ cosa_id: 1 }));
  });
});

describe('EntityFilter', () => {
  it('shows "Todos" when empty and answers undefined when cleared', async () => {
    const onChange = vi.fn();
    renderUi(createElement(EntityFilter<Item>, { source, label: 'Cosa', value: undefined, onChange }));
    expect(screen.getByRole('textbox', { name: 'Cosa' }).getAttribute('placeholder')).toBe('Todos');
    await choose('Cosa', 'BETA');
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
