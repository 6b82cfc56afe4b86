import { PasswordInput, Select, TextInput } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useController, type Control } from 'react-hook-form';
import type { ParametroTipo, ParametroUpdate } from '@intranet/contract/areas/clientes';
import { booleanOptions, fuenteDe, parametrosMessages as t } from './parametroOpciones.ts';

interface ParametroValorEditorProps<O> {
  control: Control<ParametroUpdate, unknown, O>;
  tipo: ParametroTipo;
  /** The row's error that belongs to no field on screen (the server's message, another field's check). */
  otroError: string | null;
  /** Enter in a text input saves, as the check button does. */
  onEnter: () => void;
}

/**
 * The input of a parameter's value by its type: Sí/No to choose, a secret typed hidden (empty keeps the stored
 * one), a path or URL in a fixed-width font, anything else as text. Its error is the contract's or the server's.
 */
export function ParametroValorEditor<O>({ control, tipo, otroError, onEnter }: ParametroValorEditorProps<O>) {
  const { field, fieldState } = useController({ control, name: 'valor' });
  const value = field.value ?? '';
  const props = {
    ref: field.ref,
    name: field.name,
    onBlur: field.onBlur,
    'aria-label': t.campos.valor,
    error: fieldState.error?.message ?? otroError,
    size: 'xs' as const,
    autoFocus: true,
  };
  if (tipo === 'booleano') {
    return (
      <Select
        {...props}
        data={booleanOptions}
        value={value || null}
        onChange={(v) => field.onChange(v ?? '')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') onEnter();
  };
  if (tipo === 'secreto') {
    return (
      <PasswordInput
        {...props}
        placeholder={t.nuevoSecreto}
        value={value}
        onChange={(e) => field.onChange(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
    );
  }
  return (
    <TextInput
      {...props}
      value={value}
      onChange={(e) => field.onChange(e.currentTarget.value)}
      onKeyDown={onKeyDown}
      ff={fuenteDe(tipo)}
    />
  );
}
