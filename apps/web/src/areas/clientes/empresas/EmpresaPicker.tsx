import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { formatCuit } from '@intranet/contract/clientes';
import { listMessages } from '../../../components/messages.ts';
import { useEmpresaOpciones } from './api.ts';
import { clientesMessages as t } from './messages.ts';

type EmpresaPickerProps = Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable'> & {
  value: number | null;
  onChange: (id: number | null) => void;
  /** A client that may not be chosen (copying from itself). */
  excluir?: number | undefined;
};

/** A client chosen by typing part of its name or CUIT (the server searches); not bound to a form. */
export function EmpresaPicker({ value, onChange, excluir, ...input }: EmpresaPickerProps) {
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 250);
  const opciones = useEmpresaOpciones(q, value);
  const data = (opciones.data ?? [])
    .filter((e) => e.id !== excluir)
    .map((e) => ({ value: String(e.id), label: `${e.razon_social} (${formatCuit(e.cuit)})` }));
  return (
    <Select
      placeholder={t.instalaciones.buscarCliente}
      nothingFoundMessage={opciones.isFetching ? listMessages.cargando : listMessages.sinResultados}
      clearable
      {...input}
      data={data}
      searchable
      filter={({ options }) => options}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(next === null ? null : Number(next))}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
