import { Select, type ComboboxItem } from '@mantine/core';
import { listMessages } from './messages.ts';

interface FilterSelectProps {
  label: string;
  value: string | undefined;
  options: ComboboxItem[];
  onChange: (value: string | undefined) => void;
  searchable?: boolean;
}

/** A list filter: one choice, or none ('Todos'). */
export function FilterSelect({ label, value, options, onChange, searchable = false }: FilterSelectProps) {
  return (
    <Select
      label={label}
      placeholder={listMessages.todos}
      data={options}
      value={value ?? null}
      onChange={(next) => onChange(next ?? undefined)}
      clearable
      searchable={searchable}
      nothingFoundMessage={listMessages.sinResultados}
      comboboxProps={{ withinPortal: true }}
      w={{ base: '100%', sm: 180 }}
    />
  );
}
