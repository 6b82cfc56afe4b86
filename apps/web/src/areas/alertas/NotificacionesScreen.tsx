import dayjs from 'dayjs';
import { Alert, Anchor, Badge, Button, Group, Loader, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { ALERTA_TIPOS, cuandoVence, type Aviso, type Notificacion } from '@intranet/contract/areas/alertas';
import { Link, useNavigate, useParams } from 'react-router';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import {
  notificacionesLoteUrl,
  useLeerTodas,
  useMarcarLeida,
  useNotificacion,
  useNotificaciones,
} from '../../core/notificaciones.ts';
import { alertasMessages } from './messages.ts';

const t = alertasMessages.notificaciones;
const LIMITE = 100;

const columnas: ColumnDef<Notificacion>[] = [
  {
    id: 'fecha',
    header: t.columnas.fecha,
    meta: { width: 150 },
    cell: ({ row }) => <span style={{ whiteSpace: 'nowrap' }}>{formatFechaHora(row.original.creada)}</span>,
  },
  {
    id: 'titulo',
    header: t.columnas.titulo,
    cell: ({ row: { original: n } }) => (
      <Group gap={6} wrap="nowrap">
        {!n.leida && (
          <Badge size="xs" color="blue" variant="filled" aria-label="Sin leer">
            •
          </Badge>
        )}
        <Text size="sm" fw={n.leida ? 400 : 600}>
          {n.titulo}
        </Text>
      </Group>
    ),
  },
  {
    id: 'detalle',
    header: t.columnas.detalle,
    cell: ({ row }) => (
      <Text size="sm" c="dimmed">
        {row.original.detalle || '—'}
      </Text>
    ),
  },
];

/**
 * Alertas → Notificaciones: every notification of the signed-in person, newest first; opening one goes to its
 * item. The bulk bar marks the chosen ones read or unread, or deletes them (confirmed), in one request.
 */
export function NotificacionesScreen() {
  const lista = useNotificaciones(LIMITE);
  const marcar = useMarcarLeida();
  const leerTodas = useLeerTodas();
  const navigate = useNavigate();
  const abrir = (n: Notificacion) => {
    if (!n.leida) marcar.mutate(n.id);
    void navigate(n.enlace);
  };
  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          (lista.data?.no_leidas ?? 0) > 0 && (
            <Button variant="light" onClick={() => leerTodas.mutate()} loading={leerTodas.isPending}>
              {t.marcarTodas}
            </Button>
          )
        }
      />
      <DataTable
        label={t.titulo}
        columns={columnas}
        rows={lista.data?.items}
        getRowId={(n) => String(n.id)}
        rowLabel={(n) => n.titulo}
        lote={{
          url: notificacionesLoteUrl(),
          filtro: '',
          eliminar: true,
          campos: [{ campo: 'leida', etiqueta: t.leida, tipo: 'si_no' }],
        }}
        loading={lista.isPending}
        error={lista.error}
        onRetry={() => void lista.refetch()}
        vivo={{ lista: 'notificaciones', refrescar: lista.refetch }}
        onRowClick={abrir}
        emptyText={t.vacia}
      />
    </>
  );
}

const columnasItems: ColumnDef<Aviso>[] = [
  {
    id: 'titulo',
    header: t.columnasItems.titulo,
    cell: ({ row }) => (
      <Anchor component={Link} to={row.original.enlace} size="sm">
        {row.original.titulo}
      </Anchor>
    ),
  },
  {
    id: 'vence',
    header: t.columnasItems.vence,
    meta: { width: 120 },
    cell: ({ row }) => (row.original.vence ? formatFecha(row.original.vence) : '—'),
  },
  {
    id: 'estado',
    header: t.columnasItems.estado,
    meta: { width: 170 },
    cell: ({ row }) => {
      if (!row.original.vence) return ALERTA_TIPOS[row.original.tipo];
      const texto = cuandoVence(row.original.vence, dayjs().format('YYYY-MM-DD'));
      return (
        <Text size="sm" c={texto.startsWith('Venció') || texto === 'Vence hoy' ? 'red' : undefined}>
          {texto}
        </Text>
      );
    },
  },
];

/**
 * `/alertas/notificaciones/:id`: a notification's items (those the person may read today), each linked to its screen.
 */
export function NotificacionDetail() {
  const id = Number(useParams().id);
  const detalle = useNotificacion(id);
  const back = { to: '/alertas/notificaciones', label: t.volver };
  if (detalle.isPending) return <Loader size="sm" />;
  if (detalle.isError) {
    return (
      <>
        <PageHeader title={t.titulo} back={back} />
        <Alert color="red" role="alert">
          {detalle.error.message}
        </Alert>
      </>
    );
  }
  const { notificacion, items, total } = detalle.data;
  return (
    <>
      <PageHeader title={notificacion.titulo} back={back} />
      <Text size="sm" c="dimmed" mb="sm">
        {formatFechaHora(notificacion.creada)} · {notificacion.detalle}
      </Text>
      <DataTable
        label={t.elementos}
        columns={columnasItems}
        rows={items}
        getRowId={(a, i) => `${a.tipo}-${a.enlace}-${i}`}
        emptyText={t.sinElementos}
      />
      {total > items.length && (
        <Text size="sm" c="dimmed" mt="sm">
          {t.mas(total, items.length)}
        </Text>
      )}
    </>
  );
}
