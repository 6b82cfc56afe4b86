import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState, type Ref } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import type { BoundFieldProps, ControlledProps } from '../form/boundField.ts';
import { listMessages } from '../messages.ts';
import { useEntityOptions, type EntityOption, type EntitySource } from './useEntityOptions.ts';

/** What a caller may still set on the select (size, placeholder, description, error…). */
export type EntitySelectInput = Omit<
  SelectProps,
  'data' | 'value' | 'onChange' | 'searchable' | 'filter' | 'onSearchChange'
>;

export interface EntityChoice<E extends EntityOption> {
  source: EntitySource<E>;
  /** Further filters of the server's search (`{ activo: 'true' }`). */
  params?: Record<string, string>;
  /** An item that may not be chosen (a record as its own parent, a copy from itself). */
  excluir?: number | undefined;
  /** What the select shows for an option, when not the source's label. */
  optionLabel?: (item: E) => string;
}

export type EntitySelectProps<E extends EntityOption> = EntitySelectInput &
  EntityChoice<E> & {
    value: number | null;
    onChange: (id: number | null) => void;
    /** The chosen item itself (its name, to show it elsewhere), or null when cleared. */
    onElegir?: (item: E | null) => void;
    ref?: Ref<HTMLInputElement>;
  };

/**
 * An entity chosen by typing part of its name: the server searches (debounced), the chosen one always shows its
 * label, and it can be cleared. Not bound to a form; EntityField is, and a list filter is one too.
 */
export function EntitySelect<E extends EntityOption>({
  source,
  params,
  excluir,
  optionLabel = source.label,
  value,
  onChange,
  onElegir,
  ...input
}: EntitySelectProps<E>) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = useEntityOptions(source, q, value, params);
  const data = (opciones.data ?? [])
    .filter((item) => item.id !== excluir)
    .map((item) => ({ value: String(item.id), label: optionLabel(item) }));
  return (
    <Select
      nothingFoundMessage={opciones.isFetching ? listMessages.cargando : listMessages.sinResultados}
      clearable
      comboboxProps={{ withinPortal: true }}
      {...input}
      data={data}
      searchable
      // The server already filtered by the text typed; the select must not filter again by label.
      filter={({ options }) => options}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(next) => {
        const id = next === null ? null : Number(next);
        onChange(id);
        onElegir?.(opciones.data?.find((item) => item.id === id) ?? null);
      }}
    />
  );
}

export type EntityFieldProps<T extends FieldValues, O, E extends EntityOption> = BoundFieldProps<T, O> &
  Omit<EntitySelectInput, ControlledProps> &
  EntityChoice<E>;

/** An EntitySelect bound to a form: the field holds the id (or null), its error shows under it. */
export function EntityField<T extends FieldValues, O, E extends EntityOption>({
  control,
  name,
  ...input
}: EntityFieldProps<T, O, E>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <EntitySelect
      {...input}
      ref={field.ref}
      name={field.name}
      value={typeof field.value === 'number' ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
    />
  );
}

export type EntityFilterProps<E extends EntityOption> = EntityChoice<E> &
  Pick<EntitySelectInput, 'w'> & {
    label: string;
    value: number | undefined;
    onChange: (id: number | undefined) => void;
  };

/** A list's filter by an entity, kept in the URL by id: empty shows all. */
export function EntityFilter<E extends EntityOption>({ value, onChange, ...choice }: EntityFilterProps<E>) {
  return (
    <EntitySelect
      placeholder={listMessages.todos}
      w={{ base: '100%', sm: 220 }}
      {...choice}
      value={value ?? null}
      onChange={(id) => onChange(id ?? undefined)}
    />
  );
}
