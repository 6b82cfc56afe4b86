import { Alert, Box, Button, Checkbox, Group, Loader, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconAlertCircle, IconArrowsSort, IconSortAscending, IconSortDescending, IconTrash } from '@tabler/icons-react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type Header,
  type RowSelectionState,
} from '@tanstack/react-table';
import { useEffect, useMemo, useState, type FocusEvent, type MouseEvent, type ReactNode } from 'react';
import { parseSort } from '@intranet/contract/shared/list';
import { LOTE_MAXIMO } from '@intranet/contract/shared/lote';
import { isVistaLista } from '@intranet/contract/areas/vistas';
import { listMessages } from '../messages.ts';
import { columnLabel } from './columnLabel.ts';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import { SavedViews } from './SavedViews.tsx';
import { TablePager } from './TablePager.tsx';
import { useColumnVisibility } from './useColumnVisibility.ts';
import resaltado from '../resaltado.module.css';
import { useFilasVivas, type VivoLista } from '../../core/vivo/useFilasVivas.ts';
import type { PageCursor } from '../../core/list/useListState.ts';
import { CambiosPendientes } from '../CambiosPendientes.tsx';
import { ImprimirButton } from '../Imprimir.tsx';
import { imprimirMessages, loteMessages } from '../messages.ts';
import { LoteBar, type LoteLista } from './LoteBar.tsx';
import { BarraTelefono, OrdenTelefono } from './BarraTelefono.tsx';
import { Tarjetas } from './Tarjetas.tsx';
import { useTelefono } from '../useTelefono.ts';

/** The part of a list's state the table drives; `useListState` answers it. */
export interface DataTableList {
  page: number;
  size: number;
  sort: string | undefined;
  /** `cursor`: the row the next (or previous) page is read from, for lists that page by key. */
  setPage: (page: number, cursor?: PageCursor) => void;
  setSize: (size: number) => void;
  setSort: (sort: string | undefined) => void;
  /** Laid out for paper: the rows are every one the filter matches, up to a page's most (`useListState`). */
  imprimiendo?: boolean;
  /** How many filters are on, said on a phone's 'Filtros' button while they are folded away. */
  filtrosActivos?: number;
  /** Clears the search and the filters ('Limpiar filtros' on a phone). */
  clearFilters?: () => void;
}

declare module '@tanstack/react-table' {
  // Extends the library's own declaration (its type parameters must keep their names).
  interface ColumnMeta<TData, TValue> {
    /** A fixed width for the column (a date, a badge), in px, or a share of the table's width ('24%'). */
    width?: number | `${number}%`;
    /** Figures are right-aligned, header and cells. */
    align?: 'right';
    /** On a phone's card the field takes the whole line, not half (a history's changes). */
    tarjetaAncha?: boolean;
  }
}

interface DataTableCommonProps<T> {
  /** The table's accessible name ('Servidores'). */
  label: string;
  columns: ColumnDef<T>[];
  rows: T[] | undefined;
  /** A row's key; rows with none of their own (a timeline's entries) may use their position. */
  getRowId: (row: T, index: number) => string;
  /** First load, nothing to show yet. */
  loading?: boolean;
  /** A newer page is on its way; the current rows stay, dimmed. */
  fetching?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  onRowClick?: (row: T) => void;
  /** Search, filters and actions shown above the table. */
  toolbar?: ReactNode;
  emptyText?: string;
  /** A closing row (a report's totals): its cell for each column id; columns not named stay empty. */
  footer?: Readonly<Record<string, ReactNode>>;
  /**
   * Shows a row as one cell across the table instead of its columns when it answers something (its inline edit form).
   */
  replaceRow?: (row: T) => ReactNode;
  /** Below this width (px) the table scrolls sideways instead of squeezing its columns; 600 unless told. */
  minWidth?: number;
  /** Taller than this (px), the rows scroll under a header that stays in sight. */
  maxHeight?: number;
  /** The list updates itself when someone else changes it: its name on the live stream and its refetch. */
  vivo?: VivoLista | undefined;
}

/** A list paged and sorted by the server, its state in the URL (`useListState`). */
interface DataTablePagedProps<T> extends DataTableCommonProps<T> {
  /** Key under which the column choice is remembered. */
  tableId: string;
  /** Column ids are the contract's sort fields where the column sorts. */
  sortable: readonly string[];
  total: number;
  /** The answer's `total_exacto`: false when the server stopped counting at `total` ("más de 10.000"). */
  totalExacto?: boolean | undefined;
  /** The answer's `total_estimado`: how many match by the database's estimate, far above `total`. */
  totalEstimado?: number | undefined;
  list: DataTableList;
  /** How a row is named to screen readers, e.g. for its checkbox ('Seleccionar web-01'). */
  rowLabel: (row: T) => string;
  /** Turns on row selection and the 'Eliminar seleccionados' action. */
  onDeleteSelected?: (rows: T[]) => void;
  /** Turns on row selection and shows these actions for the selected rows ('Resolver', 'Ignorar'...). */
  selectionActions?: (rows: T[]) => ReactNode;
  /**
   * Turns on row selection and the bulk actions: delete, "Cambiar <campo>" and export of the chosen
   * rows or of all that match the filter, each one request to the list's `lote` routes.
   */
  lote?: LoteLista | undefined;
  /** Columns hidden until the user shows them. */
  initiallyHidden?: string[];
  /** The toolbar has its own 'Ordenar por' (the monitor's): a phone's cards then offer no other. */
  ordenPropio?: boolean;
}

/**
 * A table of rows already at hand (a record's checks, contacts or history, the webhooks): every row at once, in
 * the order given, with no paging, sorting or column choice; selection only for a bulk bar.
 */
interface DataTableReadOnlyProps<T> extends DataTableCommonProps<T> {
  list?: undefined;
  /** Turns on row selection and the bulk bar over the chosen rows: every row is in sight, so no "all that match". */
  lote?: LoteLista | undefined;
  /** How a row is named to screen readers for its checkbox, with `lote`. */
  rowLabel?: (row: T) => string;
}

export type DataTableProps<T> = DataTablePagedProps<T> | DataTableReadOnlyProps<T>;

const SELECT_COLUMN = 'seleccion';

/** The id of a column of controls (edit, delete, menus): the portal's name for it, on every table. */
const ACTIONS_COLUMN = 'acciones';

/** The row checkboxes and the action buttons mean nothing on paper: their whole column, header too, stays off it. */
function soloPantalla(columnId: string): string | undefined {
  return columnId === SELECT_COLUMN || columnId === ACTIONS_COLUMN ? 'no-print' : undefined;
}

const NO_SORT: readonly string[] = [];

/**
 * The portal's list table: server paging and sort, column choice, row selection, loading/empty/error states;
 * without `list`, a read-only table of the rows given (loading/empty/error states only).
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, rows, getRowId, onRowClick } = props;
  const paged = props.list ? props : undefined;
  const onDeleteSelected = paged?.onDeleteSelected;
  const selectionActions = paged?.selectionActions;
  const rowLabel = props.rowLabel;
  const lote = props.lote;
  const selectable = Boolean(onDeleteSelected ?? selectionActions ?? lote);
  const [visibility, setVisibility] = useColumnVisibility(
    paged?.tableId ?? '',
    Object.fromEntries((paged?.initiallyHidden ?? []).map((id) => [id, false])),
  );
  const [selection, setSelection] = useState<RowSelectionState>({});
  // "All that match the filter" rather than the page's rows: offered once the whole page is selected.
  const [todas, setTodas] = useState(false);
  // A new page, sort or filter starts with nothing selected: a bulk action acts only on rows in sight.
  // rows is the trigger, not a value read: each new set of rows (page, sort, filter, refetch) clears the selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(() => {
    setSelection({});
    setTodas(false);
  }, [rows]);

  const columns = useMemo<ColumnDef<T>[]>(() => {
    if (!selectable) return props.columns;
    const select: ColumnDef<T> = {
      id: SELECT_COLUMN,
      enableHiding: false,
      header: ({ table }) => (
        <Checkbox
          aria-label={listMessages.seleccionarTodas}
          checked={table.getIsAllPageRowsSelected()}
          indeterminate={table.getIsSomePageRowsSelected()}
          onChange={table.getToggleAllPageRowsSelectedHandler()}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={listMessages.seleccionarFila(rowLabel?.(row.original) ?? row.id)}
          checked={row.getIsSelected()}
          onChange={row.getToggleSelectedHandler()}
        />
      ),
    };
    return [select, ...props.columns];
  }, [props.columns, selectable, rowLabel]);

  const table = useReactTable({
    data: rows ?? [],
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    enableSorting: false,
    enableRowSelection: selectable,
    state: { columnVisibility: paged ? visibility : {}, rowSelection: selection },
    onColumnVisibilityChange: setVisibility,
    onRowSelectionChange: (cambio) => {
      setTodas(false);
      setSelection(cambio);
    },
  });

  const selected = table.getSelectedRowModel().rows.map((row) => row.original);
  // "All that match" past what one bulk action may touch (or past where the list stopped counting) is refused by
  // the server: the bar says so and offers only the export, which has no such cap.
  const contadas = paged?.totalExacto ?? true;
  const excedeTope = !contadas || (paged?.total ?? 0) > LOTE_MAXIMO;
  // The user is working on the list: a change someone else made waits until they ask for it.
  const [puntero, setPuntero] = useState(false);
  const [foco, setFoco] = useState(false);
  const editando =
    selected.length > 0 || puntero || foco || Boolean(props.replaceRow && rows?.some((row) => props.replaceRow?.(row)));
  const vivo = useFilasVivas(props.vivo, rows, getRowId, editando);
  const visibleCount = table.getVisibleLeafColumns().length;
  // On a phone a table is cards (its columns as named fields) and a list's filters fold behind one button; on
  // paper, with a row edited in place or with a closing row of totals, it stays a table.
  const telefono = useTelefono();
  const tarjetas = telefono && !paged?.list.imprimiendo && !props.replaceRow && !props.footer;
  const ordenables =
    tarjetas && paged && !paged.ordenPropio
      ? table
          .getVisibleLeafColumns()
          .filter((column) => paged.sortable.includes(column.id))
          .map((column) => ({ id: column.id, nombre: columnLabel(column) }))
      : [];
  // Pointer or focus on the rows: the user is reading or working on them.
  const atento = {
    onPointerEnter: () => setPuntero(true),
    onPointerLeave: () => setPuntero(false),
    onFocusCapture: () => setFoco(true),
    onBlurCapture: (event: FocusEvent<HTMLElement>) => setFoco(event.currentTarget.contains(event.relatedTarget)),
  };
  const handleRowClick = (row: T) => (event: MouseEvent<HTMLElement>) => {
    // Clicks on the row's own controls (checkbox, links, buttons) do what those controls do.
    if ((event.target as HTMLElement).closest('a, button, input, label')) return;
    onRowClick?.(row);
  };

  return (
    <Stack gap="sm">
      {(paged ?? props.toolbar) && (
        <Group justify="space-between" align="flex-end" gap="sm" className="no-print">
          {telefono ? (
            <BarraTelefono
              toolbar={props.toolbar}
              activos={paged?.list.filtrosActivos ?? 0}
              onLimpiar={paged?.list.clearFilters}
              orden={
                ordenables.length > 0 && paged ? (
                  <OrdenTelefono
                    columnas={ordenables}
                    sort={paged.list.sort}
                    onSort={(sort) => paged.list.setSort(sort)}
                  />
                ) : undefined
              }
            />
          ) : (
            <Group gap="sm" align="flex-end" maw="100%">
              {props.toolbar}
            </Group>
          )}
          {paged && (
            <Group gap="sm">
              {selectionActions && selected.length > 0 && selectionActions(selected)}
              {onDeleteSelected && selected.length > 0 && (
                <Button
                  color="red"
                  variant="light"
                  leftSection={<IconTrash size={16} />}
                  onClick={() => onDeleteSelected(selected)}
                >
                  {listMessages.eliminarSeleccionados} ({selected.length})
                </Button>
              )}
              <ImprimirButton todo />
              {paged && isVistaLista(paged.tableId) && (
                <SavedViews lista={paged.tableId} visibility={visibility} setVisibility={setVisibility} />
              )}
              <ColumnsMenu table={table} />
            </Group>
          )}
        </Group>
      )}

      {lote && selected.length > 0 && (
        <Stack
          gap={6}
          px="sm"
          py={6}
          bg="var(--mantine-primary-color-light)"
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          className="no-print"
        >
          <Group justify="space-between" gap="xs">
            <LoteBar
              lote={lote}
              ids={todas ? 'todas' : table.getSelectedRowModel().rows.map((row) => Number(row.id))}
              cantidad={todas && paged ? paged.total : selected.length}
              excede={todas && excedeTope}
              onHecho={() => {
                setSelection({});
                setTodas(false);
              }}
            />
            {!paged ? null : todas ? (
              <Group gap="xs">
                <Text size="sm">
                  {contadas
                    ? loteMessages.todasSeleccionadas(paged.total)
                    : loteMessages.masDeSeleccionadas(paged.total)}
                </Text>
                <Button size="xs" variant="subtle" onClick={() => setTodas(false)}>
                  {loteMessages.soloLaPagina}
                </Button>
              </Group>
            ) : (
              table.getIsAllPageRowsSelected() &&
              (paged.total > selected.length || !contadas) && (
                <Button size="xs" variant="subtle" onClick={() => setTodas(true)}>
                  {contadas
                    ? loteMessages.seleccionarCoincidentes(paged.total)
                    : loteMessages.seleccionarMasDe(paged.total)}
                </Button>
              )
            )}
          </Group>
          {todas && excedeTope && (
            <Text size="sm" c="red" fw={600} role="alert" data-testid="lote-excedido">
              {loteMessages.excedido(LOTE_MAXIMO)}
            </Text>
          )}
        </Stack>
      )}

      <CambiosPendientes pendientes={vivo.pendientes} actualizar={vivo.actualizar} />

      {props.error && (
        <Alert color="red" icon={<IconAlertCircle size={18} />} title={listMessages.errorCarga} role="alert">
          <Group justify="space-between">
            <Text size="sm">{props.error.message}</Text>
            {props.onRetry && (
              <Button size="xs" variant="white" color="red" onClick={props.onRetry}>
                {listMessages.reintentar}
              </Button>
            )}
          </Group>
        </Alert>
      )}

      {tarjetas ? (
        <Box {...atento}>
          {selectable && table.getRowModel().rows.length > 0 && (
            <Group gap="sm" px="sm" pb="xs" className="no-print">
              {table
                .getHeaderGroups()[0]
                ?.headers.filter((header) => header.column.id === SELECT_COLUMN)
                .map((header) => (
                  <Box key={header.id}>{flexRender(header.column.columnDef.header, header.getContext())}</Box>
                ))}
              <Text size="sm" c="dimmed">
                {selected.length > 0 ? listMessages.seleccionadas(selected.length) : listMessages.seleccionarPagina}
              </Text>
            </Group>
          )}
          <Tarjetas
            table={table}
            label={label}
            seleccion={SELECT_COLUMN}
            acciones={ACTIONS_COLUMN}
            onRowClick={onRowClick ? handleRowClick : undefined}
            resaltadas={vivo.resaltadas}
            busy={Boolean(props.loading || props.fetching)}
            fetching={Boolean(props.fetching)}
            sinFilas={
              <StatusRow loading={Boolean(props.loading)} failed={Boolean(props.error)} emptyText={props.emptyText} />
            }
          />
        </Box>
      ) : (
        <Table.ScrollContainer minWidth={props.minWidth ?? 600} maxHeight={props.maxHeight} {...atento}>
          <Table
            aria-label={label}
            aria-busy={props.loading || props.fetching ? true : undefined}
            highlightOnHover={Boolean(onRowClick)}
            stickyHeader={props.maxHeight !== undefined}
            striped
            verticalSpacing="xs"
            style={{ opacity: props.fetching ? 0.6 : 1, transition: 'opacity 120ms' }}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => (
                    <HeaderCell
                      key={header.id}
                      header={header}
                      sortable={paged?.sortable ?? NO_SORT}
                      sort={paged?.list.sort}
                      onSort={(sort) => paged?.list.setSort(sort)}
                    />
                  ))}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {table.getRowModel().rows.map((row) => {
                const replaced = props.replaceRow?.(row.original);
                if (replaced) {
                  return (
                    <Table.Tr key={row.id}>
                      <Table.Td colSpan={visibleCount}>{replaced}</Table.Td>
                    </Table.Tr>
                  );
                }
                return (
                  <Table.Tr
                    key={row.id}
                    onClick={onRowClick ? handleRowClick(row.original) : undefined}
                    style={onRowClick ? { cursor: 'pointer' } : undefined}
                    bg={row.getIsSelected() ? 'var(--mantine-primary-color-light)' : undefined}
                    className={vivo.resaltadas.has(row.id) ? resaltado.cambiada : undefined}
                    data-cambiada={vivo.resaltadas.has(row.id) || undefined}
                  >
                    {row.getVisibleCells().map((cell) => (
                      <Table.Td
                        key={cell.id}
                        w={cell.column.id === SELECT_COLUMN ? 40 : undefined}
                        ta={cell.column.columnDef.meta?.align}
                        className={soloPantalla(cell.column.id)}
                      >
                        {flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                );
              })}
              {table.getRowModel().rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={visibleCount}>
                    <StatusRow
                      loading={Boolean(props.loading)}
                      failed={Boolean(props.error)}
                      emptyText={props.emptyText}
                    />
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
            {props.footer && (
              <Table.Tfoot>
                <Table.Tr>
                  {table.getVisibleLeafColumns().map((column) => (
                    <Table.Th key={column.id} className={soloPantalla(column.id)}>
                      {props.footer?.[column.id]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Tfoot>
            )}
          </Table>
        </Table.ScrollContainer>
      )}

      {paged?.list.imprimiendo && (props.rows?.length ?? 0) < paged.total && (
        <Text size="sm" fs="italic" data-testid="tope-impresion">
          {imprimirMessages.tope(props.rows?.length ?? 0, paged.total)}
        </Text>
      )}

      {paged && (
        <Box className="no-print">
          <TablePager
            page={paged.list.page}
            size={paged.list.size}
            total={paged.total}
            totalExacto={paged.totalExacto ?? true}
            totalEstimado={paged.totalEstimado}
            onPageChange={(page) =>
              paged.list.setPage(page, cursorHacia(page, paged.list.page, props.rows, props.getRowId))
            }
            onSizeChange={paged.list.setSize}
          />
        </Box>
      )}
    </Stack>
  );
}

/**
 * The next page is read after the last row shown, the previous one before the first: the server finds it by
 * the sort's index however deep it is, where a page number costs every row before it. Rows without a numeric
 * id, or a jump to another page, go by number.
 */
function cursorHacia<T>(
  page: number,
  actual: number,
  rows: T[] | undefined,
  getRowId: (row: T, index: number) => string,
): PageCursor | undefined {
  if (!rows || rows.length === 0 || page === 1) return undefined;
  const id = (index: number) => {
    const n = Number(getRowId(rows[index]!, index));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  if (page === actual + 1) return { tras: id(rows.length - 1) };
  if (page === actual - 1) return { antes: id(0) };
  return undefined;
}

function StatusRow({
  loading,
  failed,
  emptyText,
}: {
  loading: boolean;
  failed: boolean;
  emptyText: string | undefined;
}) {
  if (loading) {
    return (
      <Group justify="center" gap="xs" py="lg">
        <Loader size="sm" />
        <Text size="sm">{listMessages.cargando}</Text>
      </Group>
    );
  }
  return (
    <Text ta="center" c="dimmed" size="sm" py="lg">
      {failed ? listMessages.errorCarga : (emptyText ?? listMessages.sinResultados)}
    </Text>
  );
}

interface HeaderCellProps<T> {
  header: Header<T, unknown>;
  sortable: readonly string[];
  sort: string | undefined;
  onSort: (sort: string | undefined) => void;
}

/** A column header; on sortable columns a button cycling ascending → descending → unsorted. */
function HeaderCell<T>({ header, sortable, sort, onSort }: HeaderCellProps<T>) {
  const id = header.column.id;
  const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
  if (!sortable.includes(id)) {
    const meta = header.column.columnDef.meta;
    return (
      <Table.Th w={id === SELECT_COLUMN ? 40 : meta?.width} ta={meta?.align} className={soloPantalla(id)}>
        {content}
      </Table.Th>
    );
  }
  const current = parseSort(sort);
  const direction = current?.field === id ? (current.desc ? 'descending' : 'ascending') : 'none';
  const next = direction === 'none' ? id : direction === 'ascending' ? `-${id}` : undefined;
  const Icon =
    direction === 'ascending' ? IconSortAscending : direction === 'descending' ? IconSortDescending : IconArrowsSort;
  const state =
    direction === 'ascending'
      ? `, ${listMessages.ordenAscendente}`
      : direction === 'descending'
        ? `, ${listMessages.ordenDescendente}`
        : '';
  return (
    <Table.Th
      aria-sort={direction}
      w={header.column.columnDef.meta?.width}
      ta={header.column.columnDef.meta?.align}
      className={soloPantalla(id)}
    >
      <UnstyledButton
        onClick={() => onSort(next)}
        aria-label={`${columnLabel(header.column)}${state}`}
        fw={700}
        fz="sm"
      >
        <Box component="span" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
          {content}
          <Icon size={14} opacity={direction === 'none' ? 0.4 : 1} aria-hidden />
        </Box>
      </UnstyledButton>
    </Table.Th>
  );
}
