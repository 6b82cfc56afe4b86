import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { identidadInput, type IdentidadExterna, type IdentidadInput } from '@intranet/contract/areas/auth';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useDesvincularIdentidad, useIdentidades, useVincularIdentidad, type IdentidadValues } from './api.ts';
import { identidadesMessages as t } from './messages.ts';

/** What the identity is called on screen: what it was last seen as, else its identifier. */
const nombreDe = (i: IdentidadExterna) => i.descripcion || i.sujeto;

/**
 * Directory or OpenID, and who: the directory person is found there by user name or DN; the OpenID one by subject
 * (and issuer).
 */
function VincularIdentidad({ usuarioId, onDone }: { usuarioId: number; onDone: () => void }) {
  const form = useForm<IdentidadInput, unknown, IdentidadValues>({
    resolver: contractResolver(identidadInput),
    defaultValues: { proveedor: 'ldap', sujeto: '', emisor: '' },
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['proveedor', 'sujeto', 'emisor']);
  const vincular = useVincularIdentidad(usuarioId);
  const oidc = form.watch('proveedor') === 'oidc';
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const creada = await vincular.mutateAsync(values);
      notifications.show({ color: 'green', title: t.vinculada, message: nombreDe(creada) });
      onDone();
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.vincular}>
      <Stack gap="sm">
        <FormError message={formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SelectField
            control={form.control}
            name="proveedor"
            label={t.proveedor}
            description={t.proveedorAyuda}
            withAsterisk
            w={{ base: '100%', sm: 160 }}
            data={[
              { value: 'ldap', label: t.proveedores.ldap },
              { value: 'oidc', label: t.proveedores.oidc },
            ]}
            comboboxProps={{ withinPortal: true }}
          />
          <TextField
            control={form.control}
            name="sujeto"
            label={oidc ? t.sujetoOidc : t.sujetoLdap}
            description={oidc ? t.sujetoOidcAyuda : t.sujetoLdapAyuda}
            withAsterisk
            maxLength={500}
            w={{ base: '100%', sm: 340 }}
          />
          {oidc && (
            <TextField
              control={form.control}
              name="emisor"
              label={t.emisor}
              description={t.emisorAyuda}
              maxLength={500}
              w={{ base: '100%', sm: 280 }}
            />
          )}
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            {t.cancelar}
          </Button>
          <Button type="submit" leftSection={<IconLink size={16} />} loading={form.formState.isSubmitting}>
            {t.vincular}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Desvincular({ usuarioId, identidad }: { usuarioId: number; identidad: IdentidadExterna }) {
  const desvincular = useDesvincularIdentidad(usuarioId);
  return (
    <DeleteAction
      variant="icon"
      label={`${t.desvincular} ${nombreDe(identidad)}`}
      tooltip={t.desvincular}
      confirm={{
        title: t.desvincularTitulo,
        message: t.desvincularTexto(nombreDe(identidad)),
        confirmLabel: t.desvincular,
      }}
      run={() => desvincular.mutateAsync(identidad.id)}
      done={{ title: t.desvinculada, message: nombreDe(identidad) }}
      errorTitle={t.error}
    />
  );
}

const columnas = (usuarioId: number): ColumnDef<IdentidadExterna>[] => [
  {
    id: 'proveedor',
    header: t.columnas.proveedor,
    meta: { width: 120 },
    cell: ({ row }) => t.proveedores[row.original.proveedor],
  },
  {
    id: 'identidad',
    header: t.columnas.identidad,
    cell: ({ row }) => (
      <Stack gap={0}>
        <Text size="sm" style={{ wordBreak: 'break-all' }}>
          {nombreDe(row.original)}
        </Text>
        {row.original.descripcion !== '' && row.original.descripcion !== row.original.sujeto && (
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {row.original.sujeto}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    id: 'vinculo',
    header: t.columnas.vinculo,
    meta: { width: 200 },
    cell: ({ row }) => t.vinculos[row.original.vinculo],
  },
  {
    id: 'fecha',
    header: t.columnas.fecha,
    meta: { width: 160 },
    cell: ({ row }) => formatFechaHora(row.original.creado),
  },
  {
    id: 'acciones',
    header: '',
    meta: { width: 60 },
    cell: ({ row }) => <Desvincular usuarioId={usuarioId} identidad={row.original} />,
  },
];

/**
 * The directory and OpenID identities that sign in to this account (USUARIOS#ADMIN): listed, linked by hand and
 * unlinked. Nobody is ever linked by e-mail: an existing account is linked here.
 */
export function IdentidadesVinculadas({ usuarioId }: { usuarioId: number }) {
  const identidades = useIdentidades(usuarioId);
  const [vinculando, setVinculando] = useState(false);
  const columns = useMemo(() => columnas(usuarioId), [usuarioId]);
  return (
    <Paper withBorder radius="md" p="lg">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5">
          {t.titulo}
        </Title>
        {!vinculando && (
          <Button variant="light" leftSection={<IconLink size={16} />} onClick={() => setVinculando(true)}>
            {t.vincular}
          </Button>
        )}
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t.ayuda}
      </Text>
      <Stack gap="md">
        {vinculando && <VincularIdentidad usuarioId={usuarioId} onDone={() => setVinculando(false)} />}
        <DataTable
          label={t.titulo}
          columns={columns}
          rows={identidades.data}
          getRowId={(i) => String(i.id)}
          loading={identidades.isPending}
          error={identidades.error}
          onRetry={() => void identidades.refetch()}
          emptyText={t.vacio}
          minWidth={640}
        />
      </Stack>
    </Paper>
  );
}
