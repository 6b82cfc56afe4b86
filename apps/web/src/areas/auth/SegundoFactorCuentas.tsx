import { Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import type { CuentaTotp } from '@intranet/contract/areas/auth';
import { confirmAction } from '../../components/confirmAction.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFecha } from '../../core/format.ts';
import { cuentasTotpLoteUrl, useCuentasTotp, useRequerirTotp, useRestablecerTotp, useRolesTotp } from './api.ts';
import { authMessages } from './messages.ts';

const t = authMessages.segundoFactorAdmin;
const e = authMessages.segundoFactor;

function Restablecer({ cuenta }: { cuenta: CuentaTotp }) {
  const restablecer = useRestablecerTotp();
  if (!cuenta.activo) return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      aria-label={`${t.restablecer} ${cuenta.nombre}`}
      loading={restablecer.isPending}
      onClick={async () => {
        if (
          !(await confirmAction({
            title: t.restablecerTitulo,
            message: t.restablecerTexto(cuenta.nombre),
            confirmLabel: t.restablecer,
            danger: true,
          }))
        )
          return;
        restablecer.mutate(cuenta.id, {
          onSuccess: () => notifications.show({ color: 'green', title: t.restablecido, message: cuenta.nombre }),
          onError: (error) => notifications.show({ color: 'red', title: t.error, message: error.message }),
        });
      }}
    >
      {t.restablecer}
    </Button>
  );
}

const columns: ColumnDef<CuentaTotp>[] = [
  {
    id: 'cuenta',
    header: t.columnas.cuenta,
    cell: ({ row: { original: c } }) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {c.nombre}
        </Text>
        <Text size="xs" c="dimmed">
          {c.usuario}
        </Text>
      </Stack>
    ),
  },
  {
    id: 'estado',
    header: t.columnas.estado,
    meta: { width: 130 },
    cell: ({ row }) => (
      <Badge color={row.original.activo ? 'green' : row.original.requerido ? 'orange' : 'gray'} variant="light">
        {row.original.activo ? e.activo : e.inactivo}
      </Badge>
    ),
  },
  {
    id: 'desde',
    header: t.columnas.desde,
    meta: { width: 130 },
    cell: ({ row }) => (row.original.desde ? formatFecha(row.original.desde.slice(0, 10)) : '—'),
  },
  {
    id: 'requerido',
    header: t.columnas.requerido,
    meta: { width: 150 },
    cell: ({ row }) => (row.original.requerido ? t.si : t.no),
  },
  { id: 'acciones', header: '', meta: { width: 130 }, cell: ({ row }) => <Restablecer cuenta={row.original} /> },
];

/**
 * Segundo factor → cuentas (USUARIOS#ADMIN): which roles require it, and each account's, with a reset; the bulk
 * bar resets the chosen accounts' in one request (an account without it on is refused with its reason).
 */
export function SegundoFactorCuentas() {
  const roles = useRolesTotp();
  const cuentas = useCuentasTotp();
  const requerir = useRequerirTotp();
  return (
    <>
      <PageHeader title={t.titulo} />
      <Stack gap="lg" maw={980}>
        <Paper withBorder p="lg" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t.roles}
            </Title>
            <Text size="sm" c="dimmed">
              {t.rolesAyuda}
            </Text>
            <Group gap="xl">
              {(roles.data ?? []).map((rol) => (
                <Switch
                  key={rol.id}
                  label={rol.nombre}
                  aria-label={t.requiere(rol.nombre)}
                  checked={rol.requiere_totp}
                  disabled={requerir.isPending}
                  onChange={(event) =>
                    requerir.mutate(
                      { id: rol.id, requiere: event.currentTarget.checked },
                      {
                        onSuccess: (r) =>
                          notifications.show({
                            color: 'green',
                            title: t.guardado,
                            message: t.requiere(r.nombre) + (r.requiere_totp ? '' : ': no'),
                          }),
                        onError: (error) =>
                          notifications.show({ color: 'red', title: t.error, message: error.message }),
                      },
                    )
                  }
                />
              ))}
            </Group>
          </Stack>
        </Paper>
        <Title order={2} size="h4">
          {t.cuentas}
        </Title>
        <DataTable
          label={t.cuentas}
          columns={columns}
          rows={cuentas.data}
          getRowId={(c) => String(c.id)}
          rowLabel={(c) => c.nombre}
          lote={{
            url: cuentasTotpLoteUrl(),
            filtro: '',
            campos: [
              {
                campo: 'segundo_factor',
                etiqueta: t.loteCampo,
                opciones: [{ value: 'restablecido', label: t.loteRestablecido }],
              },
            ],
          }}
          loading={cuentas.isPending}
          error={cuentas.error}
          onRetry={() => void cuentas.refetch()}
          emptyText="—"
          minWidth={700}
        />
      </Stack>
    </>
  );
}
