import { Badge, Button, Collapse, Group, Select, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowsSort, IconFilter } from '@tabler/icons-react';
import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { listMessages } from '../messages.ts';
import { ListSearch } from '../ListSearch.tsx';

/** The toolbar's pieces one by one, its fragments opened: `<><ListSearch/><FilterSelect/>…</>` is two. */
function piezas(nodo: ReactNode): ReactNode[] {
  return Children.toArray(nodo).flatMap((pieza) =>
    isValidElement<{ children?: ReactNode }>(pieza) && pieza.type === Fragment ? piezas(pieza.props.children) : [pieza],
  );
}

/** The list's search stays in sight; everything else in its toolbar is a filter. */
function partir(toolbar: ReactNode): { busqueda: ReactNode[]; filtros: ReactNode[] } {
  const todas = piezas(toolbar);
  const esBusqueda = (pieza: ReactNode) => isValidElement(pieza) && pieza.type === ListSearch;
  return { busqueda: todas.filter(esBusqueda), filtros: todas.filter((pieza) => !esBusqueda(pieza)) };
}

interface BarraTelefonoProps {
  /** The list's toolbar as the desktop shows it: its search, then its filters. */
  toolbar: ReactNode;
  /** How many filters the URL holds (not the search): said on the button while they are folded away. */
  activos: number;
  onLimpiar?: (() => void) | undefined;
  /** The sort picker, beside the button (cards have no column headers to click). */
  orden?: ReactNode;
}

/**
 * A list's toolbar on a phone: the search, then one 'Filtros' button (with how many are on) that unfolds the
 * filters, each the width of the screen. Five filters stacked took the whole first screen, and the rows began
 * below it.
 */
export function BarraTelefono({ toolbar, activos, onLimpiar, orden }: BarraTelefonoProps) {
  const [abierto, { toggle }] = useDisclosure(false);
  const { busqueda, filtros } = partir(toolbar);
  return (
    <Stack gap="xs" w="100%">
      {busqueda}
      {(filtros.length > 0 || orden) && (
        <Group gap="xs" wrap="nowrap" align="flex-end">
          {filtros.length > 0 && (
            <Button
              variant={activos > 0 ? 'light' : 'default'}
              leftSection={<IconFilter size={16} />}
              rightSection={
                activos > 0 ? (
                  <Badge size="sm" circle aria-hidden>
                    {activos}
                  </Badge>
                ) : undefined
              }
              onClick={toggle}
              aria-expanded={abierto}
              aria-label={activos > 0 ? listMessages.filtrosActivos(activos) : undefined}
              style={{ flexShrink: 0 }}
            >
              {listMessages.filtros}
            </Button>
          )}
          {orden}
        </Group>
      )}
      {filtros.length > 0 && (
        <Collapse in={abierto}>
          <Stack gap="xs">
            {filtros}
            {activos > 0 && onLimpiar && (
              <Button variant="subtle" onClick={onLimpiar} style={{ alignSelf: 'flex-start' }}>
                {listMessages.limpiarFiltros}
              </Button>
            )}
          </Stack>
        </Collapse>
      )}
    </Stack>
  );
}

interface OrdenTelefonoProps {
  /** The sortable columns shown, by contract sort name and header. */
  columnas: { id: string; nombre: string }[];
  /** The list's `sort`: 'campo' or '-campo'; none is the list's own default. */
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
}

/** 'Ordenar por' on a phone: each sortable column, up and down; empty is the list's default order. */
export function OrdenTelefono({ columnas, sort, onSort }: OrdenTelefonoProps) {
  const opciones = columnas.flatMap(({ id, nombre }) => [
    { value: id, label: listMessages.ordenOpcion(nombre, false) },
    { value: `-${id}`, label: listMessages.ordenOpcion(nombre, true) },
  ]);
  return (
    <Select
      aria-label={listMessages.ordenarPor}
      placeholder={listMessages.ordenPredeterminado}
      leftSection={<IconArrowsSort size={16} />}
      data={opciones}
      value={sort !== undefined && opciones.some((o) => o.value === sort) ? sort : null}
      onChange={(valor) => onSort(valor ?? undefined)}
      clearable
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
      style={{ flex: 1, minWidth: 0 }}
    />
  );
}
