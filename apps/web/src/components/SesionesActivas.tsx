import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { sesionesApi } from '@intranet/contract/areas/auth/sesiones-endpoints';
import type { SesionActiva } from '@intranet/contract/shared/sessions';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { formatFechaHora } from '../core/format.ts';
import { call } from '../core/http/endpoint.ts';
import { confirmAction } from './confirmAction.tsx';
import { DataTable } from './DataTable/DataTable.tsx';

const t = {
  titulo: 'Sesiones activas',
  ayudaPropia: 'Cada navegador donde ingresó con su cuenta. Cierre las que no reconozca o ya no use.',
  ayudaAdmin: 'Cada navegador donde la cuenta tiene una sesión abierta.',
  navegador: 'Navegador',
  sistema: 'Sistema',
  direccion: 'Dirección',
  inicio: 'Inicio',
  ultimoUso: 'Último uso',
  estaSesion: 'Esta sesión',
  cerrar: 'Cerrar',
  cerrarOtras: 'Cerrar las demás sesiones',
  cerrarTodas: 'Cerrar todas las sesiones',
  vacio: 'No hay sesiones abiertas.',
  confirmarTitulo: 'Cerrar sesión',
  confirmar: (s: SesionActiva) =>
    `Se cerrará la sesión de ${s.navegador} en ${s.sistema}: esa ventana tendrá que volver a ingresar.`,
  confirmarOtras: 'Se cerrarán todas las demás sesiones: cada uno de esos navegadores tendrá que volver a ingresar.',
  cerrada: 'Sesión cerrada',
  cerradas: (n: number) => (n === 1 ? 'Se cerró 1 sesión' : `Se cerraron ${n} sesiones`),
  error: 'No se pudo cerrar la sesión',
};

/** Whose sessions: the signed-in person's own, or (USUARIOS#ADMIN) an account's. */
type Cuenta = { usuarioId?: number | undefined };

const keys = (cuenta: Cuenta) => ['sesiones-activas', cuenta.usuarioId ?? 'mias'] as const;

/**
 * "Sesiones activas": each browser signed in to an account, with its browser and system, address, start and last
 * use; one can be closed, or all but this one. Every closing is written to the account's history.
 */
export function SesionesActivas(cuenta: Cuenta) {
  const client = useQueryClient();
  const lista = useQuery({
    queryKey: keys(cuenta),
    queryFn: async ({ signal }) =>
      (
        await (cuenta.usuarioId === undefined
          ? call(sesionesApi.mias, { signal })
          : call(sesionesApi.deCuenta, { params: { id: cuenta.usuarioId }, signal }))
      ).datos,
  });
  const refrescar = () => client.invalidateQueries({ queryKey: ['sesiones-activas'] });
  const cerrar = useMutation({
    mutationFn: (s: SesionActiva) =>
      cuenta.usuarioId === undefined
        ? call(sesionesApi.cerrar, { params: { id: s.id } })
        : call(sesionesApi.cerrarDeCuenta, { params: { id: cuenta.usuarioId, sesion: s.id } }),
    onSuccess: () => notifications.show({ color: 'green', message: t.cerrada }),
    onError: () => notifications.show({ color: 'red', message: t.error }),
    onSettled: refrescar,
  });
  const cerrarOtras = useMutation({
    mutationFn: async () =>
      (
        await (cuenta.usuarioId === undefined
          ? call(sesionesApi.cerrarOtras)
          : call(sesionesApi.cerrarTodasDeCuenta, { params: { id: cuenta.usuarioId } }))
      ).datos,
    onSuccess: (r) => notifications.show({ color: 'green', message: t.cerradas(r.cerradas) }),
    onError: () => notifications.show({ color: 'red', message: t.error }),
    onSettled: refrescar,
  });
  const pedirCierre = async (s: SesionActiva) => {
    if (
      await confirmAction({ title: t.confirmarTitulo, message: t.confirmar(s), confirmLabel: t.cerrar, danger: true })
    )
      cerrar.mutate(s);
  };
  const pedirOtras = async () => {
    const label = cuenta.usuarioId === undefined ? t.cerrarOtras : t.cerrarTodas;
    if (await confirmAction({ title: label, message: t.confirmarOtras, confirmLabel: label, danger: true }))
      cerrarOtras.mutate();
  };
  const columnas: ColumnDef<SesionActiva>[] = [
    {
      id: 'navegador',
      header: t.navegador,
      cell: ({ row: { original: s } }) => (
        <Group gap={6} wrap="nowrap">
          {s.dispositivo ? <IconDeviceMobile size={16} aria-hidden /> : <IconDeviceDesktop size={16} aria-hidden />}
          <Text size="sm">{s.dispositivo ? `${s.navegador} · ${s.dispositivo}` : s.navegador}</Text>
          {s.actual && (
            <Badge size="sm" variant="light" color="green">
              {t.estaSesion}
            </Badge>
          )}
        </Group>
      ),
    },
    { id: 'sistema', header: t.sistema, accessorKey: 'sistema' },
    { id: 'ip', header: t.direccion, cell: ({ row: { original: s } }) => s.ip ?? '—' },
    { id: 'inicio', header: t.inicio, cell: ({ row: { original: s } }) => formatFechaHora(s.inicio) },
    { id: 'ultimo_uso', header: t.ultimoUso, cell: ({ row: { original: s } }) => formatFechaHora(s.ultimo_uso) },
    {
      id: 'acciones',
      header: '',
      cell: ({ row: { original: s } }) =>
        s.actual ? null : (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconLogout size={14} />}
            onClick={() => void pedirCierre(s)}
            aria-label={`${t.cerrar} ${s.navegador} ${s.sistema}`}
          >
            {t.cerrar}
          </Button>
        ),
    },
  ];
  const otras = (lista.data ?? []).filter((s) => !s.actual).length;
  return (
    <Stack gap="sm" data-testid="sesiones-activas">
      <Group justify="space-between" align="flex-end">
        <Text size="sm" c="dimmed">
          {cuenta.usuarioId === undefined ? t.ayudaPropia : t.ayudaAdmin}
        </Text>
        <Button
          size="xs"
          variant="light"
          color="red"
          disabled={otras === 0}
          loading={cerrarOtras.isPending}
          onClick={() => void pedirOtras()}
        >
          {cuenta.usuarioId === undefined ? t.cerrarOtras : t.cerrarTodas}
        </Button>
      </Group>
      <DataTable
        label={t.titulo}
        columns={columnas}
        rows={lista.data}
        getRowId={(s) => String(s.id)}
        loading={lista.isPending}
        error={lista.error}
        onRetry={() => void lista.refetch()}
        emptyText={t.vacio}
        minWidth={760}
      />
    </Stack>
  );
}
