import { Alert, Anchor, Badge, Box, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useDroppable,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  DESARROLLO_ESTADOS,
  desarrolloListQuery,
  puedePasarDesarrollo,
  type DesarrolloEstado,
  type DesarrolloFila,
  type Tablero as TableroDatos,
} from '@intranet/contract/areas/desarrollos';
import { CambiosPendientes } from '../../components/CambiosPendientes.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { listMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { listQueryString, useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useFilasVivas } from '../../core/vivo/useFilasVivas.ts';
import { desarrollosKeys, useMoverDesarrollo, useTablero } from './api.ts';
import { DESARROLLOS_PATH, FiltrosComunes, VistaSwitch } from './Filtros.tsx';
import { desarrollosMessages as t } from './messages.ts';
import { ContenidoTarjeta, TarjetaDesarrollo } from './TarjetaDesarrollo.tsx';

// The pointer's column when it is over one; otherwise (keyboard) the column the card overlaps most.
const colision: CollisionDetection = (args) => {
  const bajoPuntero = pointerWithin(args);
  return bajoPuntero.length > 0 ? bajoPuntero : rectIntersection(args);
};

const esEstado = (id: unknown): id is DesarrolloEstado => DESARROLLO_ESTADOS.includes(id as DesarrolloEstado);
const desarrolloDe = (event: DragStartEvent | DragEndEvent) =>
  (event.active.data.current as { desarrollo: DesarrolloFila } | undefined)?.desarrollo;

/** `/desarrollos/tablero`: one column per state; drag a card (or "Mover a") to change its state. */
export function Tablero() {
  const list = useListState(desarrolloListQuery);
  const { q, empresa_id, producto_id, responsable_id, prioridad, vencido } = list.query;
  const params = listQueryString({ q, empresa_id, producto_id, responsable_id, prioridad, vencido });
  const tablero = useTablero(params);
  const editable = usePermiso('DESARROLLOS#EDITAR');
  const mover = useMoverDesarrollo(desarrollosKeys.tablero(params));
  // Live: cards someone else moved or changed move here too, unless a card is being moved; then the
  // changes wait for 'actualizar'.
  const [arrastrando, setArrastrando] = useState(false);
  const tarjetas = useMemo(() => tablero.data?.flatMap((columna) => columna.items), [tablero.data]);
  const vivo = useFilasVivas(
    { lista: 'desarrollos', refrescar: tablero.refetch },
    tarjetas,
    (d) => String(d.id),
    arrastrando || mover.isPending,
  );

  const moverA = (desarrollo: DesarrolloFila, estado: DesarrolloEstado) => {
    if (desarrollo.estado === estado) return;
    mover.mutate(
      { id: desarrollo.id, estado },
      {
        onSuccess: () =>
          notifications.show({
            color: 'green',
            title: t.movidoTitulo,
            message: t.movido(desarrollo.titulo, t.estados[estado]),
          }),
        onError: (error) => notifications.show({ color: 'red', title: t.noMovido, message: error.message }),
      },
    );
  };

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            <VistaSwitch />
            {editable && (
              <Button component={Link} to={`${DESARROLLOS_PATH}/nuevo`} leftSection={<IconPlus size={16} />}>
                {t.nuevo}
              </Button>
            )}
          </>
        }
      />
      <Group gap="sm" align="flex-end" mb="sm" wrap="wrap">
        <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
        <FiltrosComunes list={list} />
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {editable ? t.arrastrarAyuda : t.soloLectura}
      </Text>
      {tablero.isError && (
        <Alert color="red" role="alert" title={listMessages.errorCarga}>
          {tablero.error.message}
        </Alert>
      )}
      {tablero.isPending && <Loader size="sm" aria-label={listMessages.cargando} />}
      <CambiosPendientes pendientes={vivo.pendientes} actualizar={vivo.actualizar} />
      {tablero.data && (
        <Box mt={vivo.pendientes > 0 ? 'sm' : undefined}>
          <TableroArrastrable
            tablero={tablero.data}
            editable={editable}
            onMover={moverA}
            filtros={list.exportParams}
            resaltadas={vivo.resaltadas}
            onArrastre={setArrastrando}
          />
        </Box>
      )}
    </>
  );
}

/** The columns inside the drag context: the dragged card follows the pointer; the columns it may not go to dim. */
function TableroArrastrable({
  onArrastre,
  ...props
}: Omit<ColumnasProps, 'activa'> & { onArrastre: (arrastrando: boolean) => void }) {
  const { onMover } = props;
  const [activa, setActivaEstado] = useState<DesarrolloFila | null>(null);
  const setActiva = (desarrollo: DesarrolloFila | null) => {
    setActivaEstado(desarrollo);
    onArrastre(desarrollo !== null);
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = (event: DragEndEvent) => {
    setActiva(null);
    const desarrollo = desarrolloDe(event);
    if (desarrollo && event.over && esEstado(event.over.id)) onMover(desarrollo, event.over.id);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={colision}
      onDragStart={(event) => setActiva(desarrolloDe(event) ?? null)}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiva(null)}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.arrastrarAyuda } }}
    >
      <Columnas {...props} activa={activa} />
      <DragOverlay dropAnimation={null}>
        {activa && (
          <Paper withBorder radius="sm" p="xs" shadow="md" style={{ cursor: 'grabbing' }}>
            <ContenidoTarjeta desarrollo={activa} />
          </Paper>
        )}
      </DragOverlay>
    </DndContext>
  );
}

interface ColumnasProps {
  tablero: TableroDatos;
  activa: DesarrolloFila | null;
  editable: boolean;
  onMover: (desarrollo: DesarrolloFila, estado: DesarrolloEstado) => void;
  /** The board's filters as list parameters, for the "more in the list" link. */
  filtros: string;
  /** The cards someone else just changed. */
  resaltadas: ReadonlySet<string>;
}

function Columnas({ tablero, ...props }: ColumnasProps) {
  return (
    <Box
      role="list"
      aria-label={t.tablero}
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(${tablero.length}, minmax(165px, 1fr))`,
        gap: 8,
        overflowX: 'auto',
        alignItems: 'start',
      }}
    >
      {tablero.map((columna) => (
        <Columna key={columna.estado} columna={columna} {...props} />
      ))}
    </Box>
  );
}

function Columna({
  columna,
  activa,
  editable,
  onMover,
  filtros,
  resaltadas,
}: Omit<ColumnasProps, 'tablero'> & { columna: TableroDatos[number] }) {
  const { estado, total, items } = columna;
  const { setNodeRef, isOver } = useDroppable({ id: estado });
  // While dragging, the columns the card may not go to are dimmed (the server still has the last word).
  const permitida = !activa || activa.estado === estado || puedePasarDesarrollo(activa.estado, estado);
  const resto = total - items.length;
  const masParams = new URLSearchParams(filtros);
  masParams.set('estado', estado);
  return (
    <Paper
      ref={setNodeRef}
      role="listitem"
      aria-label={t.columna(t.estados[estado], total)}
      data-estado={estado}
      data-over={isOver || undefined}
      withBorder
      radius="md"
      p="xs"
      bg={
        isOver
          ? permitida
            ? 'var(--mantine-color-blue-light)'
            : 'var(--mantine-color-red-light)'
          : 'var(--mantine-color-default-hover)'
      }
      style={{ minHeight: 240, opacity: permitida ? 1 : 0.55, borderStyle: permitida ? undefined : 'dashed' }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {t.estados[estado]}
        </Title>
        <Badge variant="light" color={t.estadoColores[estado]} aria-hidden>
          {total}
        </Badge>
      </Group>
      <Stack gap="xs">
        {items.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md">
            {t.columnaVacia}
          </Text>
        )}
        {items.map((d) => (
          <TarjetaDesarrollo
            key={d.id}
            desarrollo={d}
            editable={editable}
            onMover={onMover}
            resaltada={resaltadas.has(String(d.id))}
          />
        ))}
        {resto > 0 && (
          <Anchor component={Link} to={`${DESARROLLOS_PATH}?${masParams.toString()}`} size="xs" ta="center">
            {t.masEnLista(resto)}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}

const nombre = (id: unknown) => (esEstado(id) ? t.estados[id] : '');
const titulo = (data: unknown) => (data as { desarrollo?: DesarrolloFila } | undefined)?.desarrollo?.titulo ?? '';

/** What screen readers hear while a card is dragged with the keyboard. */
const announcements = {
  onDragStart: ({ active }: DragStartEvent) => t.anuncios.inicio(titulo(active.data.current)),
  onDragOver: ({ active, over }: { active: DragStartEvent['active']; over: DragEndEvent['over'] }) =>
    over
      ? t.anuncios.sobre(titulo(active.data.current), nombre(over.id))
      : t.anuncios.fuera(titulo(active.data.current)),
  onDragEnd: ({ active, over }: DragEndEvent) =>
    over
      ? t.anuncios.soltado(titulo(active.data.current), nombre(over.id))
      : t.anuncios.cancelado(titulo(active.data.current)),
  onDragCancel: ({ active }: DragEndEvent) => t.anuncios.cancelado(titulo(active.data.current)),
};
