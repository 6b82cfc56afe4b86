import { SegmentedControl } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { DESARROLLO_PRIORIDADES, type desarrolloListQuery } from '@intranet/contract/areas/desarrollos';
import { ClienteFilter } from '../../components/EntitySelect/ClienteSelect.tsx';
import { useProductoOpciones } from '../../components/EntitySelect/useProductoOpciones.ts';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import type { ListState } from '../../core/list/useListState.ts';
import { useOpciones } from './api.ts';
import { desarrollosMessages as t } from './messages.ts';

export const DESARROLLOS_PATH = '/desarrollos';
export const TABLERO_PATH = '/desarrollos/tablero';

type Lista = ListState<typeof desarrolloListQuery>;

const prioridadOptions = DESARROLLO_PRIORIDADES.map((p) => ({ value: p, label: t.prioridades[p] }));
const vencidoOptions = [
  { value: 'true', label: t.si },
  { value: 'false', label: t.no },
];

/** The filters the list and the board share: client, product, owner, priority, overdue. */
export function FiltrosComunes({ list }: { list: Lista }) {
  const productos = useProductoOpciones();
  const opciones = useOpciones();
  const { query } = list;
  return (
    <>
      <ClienteFilter
        label={t.campos.empresa}
        value={query.empresa_id}
        onChange={(id) => list.setFilter('empresa_id', id)}
      />
      <FilterSelect
        label={t.campos.producto}
        value={query.producto_id === undefined ? undefined : String(query.producto_id)}
        options={(productos.data ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
        onChange={(id) => list.setFilter('producto_id', id)}
        searchable
      />
      <FilterSelect
        label={t.campos.responsable}
        value={query.responsable_id === undefined ? undefined : String(query.responsable_id)}
        options={(opciones.data?.responsables ?? []).map((p) => ({ value: String(p.id), label: p.nombre }))}
        onChange={(id) => list.setFilter('responsable_id', id)}
        searchable
      />
      <FilterSelect
        label={t.campos.prioridad}
        value={query.prioridad}
        options={prioridadOptions}
        onChange={(p) => list.setFilter('prioridad', p)}
      />
      <FilterSelect
        label={t.vencidos}
        value={query.vencido === undefined ? undefined : String(query.vencido)}
        options={vencidoOptions}
        onChange={(v) => list.setFilter('vencido', v)}
      />
    </>
  );
}

/** Lista / Tablero: the same filters carried over (paging, sort and state stay with the list). */
export function VistaSwitch() {
  const location = useLocation();
  const navigate = useNavigate();
  const enTablero = location.pathname.startsWith(TABLERO_PATH);
  const cambiar = (vista: string) => {
    const params = new URLSearchParams(location.search);
    for (const key of ['page', 'size', 'sort', 'estado']) params.delete(key);
    const search = params.toString();
    void navigate(`${vista === 'tablero' ? TABLERO_PATH : DESARROLLOS_PATH}${search ? `?${search}` : ''}`);
  };
  return (
    <SegmentedControl
      aria-label={t.vista}
      value={enTablero ? 'tablero' : 'lista'}
      onChange={cambiar}
      data={[
        { value: 'lista', label: t.vistas.lista },
        { value: 'tablero', label: t.vistas.tablero },
      ]}
    />
  );
}
