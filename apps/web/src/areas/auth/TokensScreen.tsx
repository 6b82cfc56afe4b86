import { Alert, Badge, Button, Checkbox, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import {
  TOKEN_MAX_DIAS,
  tokenInput,
  type ApiToken,
  type TokenCreado,
  type TokenInput,
} from '@intranet/contract/areas/auth';
import { isPermissionCode, permiso } from '@intranet/contract/registry';
import { estadoApi } from '@intranet/contract/shared/estado';
import { IconBan, IconCheck, IconCopy, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useController, useForm, type Control } from 'react-hook-form';
import { Link } from 'react-router';
import { confirmAction } from '../../components/confirmAction.tsx';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormActions } from '../../components/form/FormActions.tsx';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../components/formDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { apiUrl } from '../../core/config/config.ts';
import { formatFecha, formatFechaHora } from '../../core/format.ts';
import { usePermisos } from '../../core/permisos/usePermiso.ts';
import { tokensLoteUrl, useCrearToken, useRevocarToken, useTokens } from './api.ts';
import { authMessages } from './messages.ts';

const t = authMessages.tokens;
const MODAL_ID = 'token-form';
const COLOR: Record<ApiToken['estado'], string> = { activo: 'green', vencido: 'gray', revocado: 'red' };

/** The codes a token may get: the person's own, each with what it allows. */
function PermisosField({
  control,
  propios,
}: {
  control: Control<TokenInput, unknown, TokenInput>;
  propios: readonly string[];
}) {
  const { field, fieldState } = useController({ control, name: 'permisos' });
  return (
    <Checkbox.Group
      label={t.campos.permisos}
      description={t.permisosAyuda}
      withAsterisk
      value={field.value}
      onChange={field.onChange}
      error={fieldState.error?.message}
    >
      <Stack gap={6} mt={6}>
        {propios.filter(isPermissionCode).map((codigo) => (
          <Checkbox
            key={codigo}
            value={codigo}
            label={<Code>{codigo}</Code>}
            description={t.permisoDescripcion(permiso(codigo))}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

/** A GET the token's own codes let through (the first of its codes that has one), or the token's own check. */
const ejemploDe = (permisos: readonly string[]): string =>
  permisos
    .filter(isPermissionCode)
    .map((code) => permiso(code).ejemplo)
    .find(Boolean) ?? estadoApi.sesion.path;

/** The token, this once, with a button to copy it and how a script sends it. */
function TokenMostrado({ creado }: { creado: TokenCreado }) {
  return (
    <Stack gap="sm">
      <Alert color="orange" role="status">
        {t.creadoAviso}
      </Alert>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={creado.nombre}
          value={creado.token}
          readOnly
          flex={1}
          styles={{ input: { fontFamily: 'monospace' } }}
          onFocus={(e) => e.currentTarget.select()}
        />
        <CopyButton value={creado.token}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'green' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t.copiado : t.copiar}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" fw={500}>
        {t.ejemplo}
      </Text>
      <Code
        block
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
      >{`curl -H "Authorization: Bearer ${creado.token}" \\
  ${new URL(apiUrl('api', ejemploDe(creado.permisos)), window.location.href).href}`}</Code>
      <Group justify="flex-end">
        <Button onClick={() => modals.closeAll()}>{t.listo}</Button>
      </Group>
    </Stack>
  );
}

function TokenForm({ propios }: { propios: readonly string[] }) {
  const form = useForm<TokenInput, unknown, TokenInput>({
    resolver: contractResolver(tokenInput),
    defaultValues: { nombre: '', vence: dayjs().add(90, 'day').format('YYYY-MM-DD'), permisos: [] },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, Object.keys(tokenInput.shape));
  const crear = useCrearToken();
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const creado = await crear.mutateAsync(values);
      form.reset(form.getValues());
      modals.close(MODAL_ID);
      modals.open({
        title: t.creadoTitulo,
        size: 'lg',
        closeOnClickOutside: false,
        children: <TokenMostrado creado={creado} />,
      });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.nuevo}>
      <Stack gap="sm">
        {sinGuardar}
        <FormError message={formError} />
        <TextField
          control={form.control}
          name="nombre"
          label={t.campos.nombre}
          description={t.nombreAyuda}
          withAsterisk
          maxLength={100}
          data-autofocus
        />
        <DateField
          control={form.control}
          name="vence"
          label={t.campos.vence}
          description={t.venceAyuda}
          withAsterisk
          minDate={dayjs().format('YYYY-MM-DD')}
          maxDate={dayjs().add(TOKEN_MAX_DIAS, 'day').format('YYYY-MM-DD')}
        />
        <PermisosField control={form.control} propios={propios} />
        <FormActions onCancel={() => void closeFormDialog(MODAL_ID)} submitting={form.formState.isSubmitting} />
      </Stack>
    </form>
  );
}

function Revocar({ token }: { token: ApiToken }) {
  const revocar = useRevocarToken();
  if (token.estado !== 'activo') return null;
  return (
    <Button
      size="xs"
      variant="subtle"
      color="red"
      leftSection={<IconBan size={14} />}
      aria-label={`${t.revocar} ${token.nombre}`}
      loading={revocar.isPending}
      onClick={async () => {
        if (
          !(await confirmAction({
            title: t.revocarTitulo,
            message: t.revocarTexto(token.nombre),
            confirmLabel: t.revocar,
            danger: true,
          }))
        )
          return;
        revocar.mutate(token.id, {
          onSuccess: () => notifications.show({ color: 'green', title: t.revocado, message: token.nombre }),
          onError: (error) => notifications.show({ color: 'red', title: t.error, message: error.message }),
        });
      }}
    >
      {t.revocar}
    </Button>
  );
}

function columnas(todos: boolean): ColumnDef<ApiToken>[] {
  return [
    {
      id: 'nombre',
      header: t.campos.nombre,
      cell: ({ row: { original: k } }) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {k.nombre}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {k.prefijo}…
          </Text>
        </Stack>
      ),
    },
    ...(todos
      ? [
          {
            id: 'usuario',
            header: t.campos.usuario,
            cell: ({ row }) => row.original.usuario.nombre,
          } satisfies ColumnDef<ApiToken>,
        ]
      : []),
    {
      id: 'permisos',
      header: t.campos.permisos,
      cell: ({ row }) => (
        <Group gap={4}>
          {row.original.permisos.map((p) => (
            <Badge key={p} variant="outline" color="gray" size="sm" tt="none">
              {p}
            </Badge>
          ))}
        </Group>
      ),
    },
    { id: 'vence', header: t.campos.vence, meta: { width: 110 }, cell: ({ row }) => formatFecha(row.original.vence) },
    {
      id: 'uso',
      header: t.campos.ultimoUso,
      meta: { width: 150 },
      cell: ({ row }) =>
        row.original.ultimo_uso ? (
          formatFechaHora(row.original.ultimo_uso)
        ) : (
          <Text size="sm" c="dimmed">
            {t.nunca}
          </Text>
        ),
    },
    {
      id: 'estado',
      header: t.campos.estado,
      meta: { width: 110 },
      cell: ({ row }) => (
        <Badge color={COLOR[row.original.estado]} variant="light">
          {t.estados[row.original.estado]}
        </Badge>
      ),
    },
    { id: 'acciones', header: '', meta: { width: 110 }, cell: ({ row }) => <Revocar token={row.original} /> },
  ];
}

/**
 * The signed-in person's API tokens (or, for USUARIOS#ADMIN at /tokens/todos, everyone's): create, see, revoke.
 * The bulk bar revokes the chosen ones in one request ("Cambiar estado" → Revocado); a token is never deleted.
 */
export function TokensScreen({ todos }: { todos: boolean }) {
  const lista = useTokens(todos);
  const permisos = usePermisos();
  const propios = [...(permisos.data ?? [])];
  return (
    <>
      <PageHeader
        title={todos ? t.todos : t.titulo}
        actions={
          todos ? undefined : (
            <Group gap="sm">
              {permisos.data?.has('USUARIOS#ADMIN') && (
                <Button variant="default" component={Link} to="/tokens/todos">
                  {t.verTodos}
                </Button>
              )}
              <Button
                leftSection={<IconPlus size={16} />}
                disabled={propios.length === 0}
                onClick={() =>
                  openFormDialog({
                    modalId: MODAL_ID,
                    title: t.nuevo,
                    size: 'lg',
                    children: <TokenForm propios={propios} />,
                  })
                }
              >
                {t.nuevo}
              </Button>
            </Group>
          )
        }
      />
      <Text size="sm" c="dimmed" mb="md" maw={900}>
        {todos ? t.ayudaTodos : t.ayuda}
      </Text>
      <DataTable
        label={todos ? t.todos : t.titulo}
        columns={columnas(todos)}
        rows={lista.data}
        getRowId={(k) => String(k.id)}
        rowLabel={(k) => k.nombre}
        lote={{
          url: tokensLoteUrl(todos),
          filtro: '',
          campos: [
            {
              campo: 'estado',
              etiqueta: t.campos.estado,
              opciones: [{ value: 'revocado', label: t.estados.revocado }],
            },
          ],
        }}
        loading={lista.isPending}
        error={lista.error}
        onRetry={() => void lista.refetch()}
        emptyText={t.vacio}
        minWidth={todos ? 980 : 860}
      />
    </>
  );
}
