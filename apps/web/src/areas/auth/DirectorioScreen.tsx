import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { ColumnDef } from '@tanstack/react-table';
import { grupoRolInput, type GrupoRol, type GrupoRolInput } from '@intranet/contract/areas/auth';
import { IconPlus } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextField } from '../../components/form/TextField.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { gruposLoteUrl, useAgregarGrupo, useDirectorio, useQuitarGrupo, useRolesTotp } from './api.ts';
import { authMessages } from './messages.ts';

const t = authMessages.directorio;

/** A group and the role it gives, added at once. */
function AgregarGrupo() {
  const roles = useRolesTotp();
  const form = useForm<GrupoRolInput, unknown, GrupoRolInput>({
    resolver: contractResolver(grupoRolInput),
    defaultValues: { grupo: '', rol_id: 0 },
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['grupo', 'rol_id']);
  const agregar = useAgregarGrupo();
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const g = await agregar.mutateAsync(values);
      form.reset({ grupo: '', rol_id: values.rol_id });
      notifications.show({ color: 'green', title: t.agregado, message: `${g.grupo} → ${g.rol}` });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.agregar}>
      <Stack gap="sm">
        <FormError message={formError} />
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextField
            control={form.control}
            name="grupo"
            label={t.grupo}
            description={t.grupoAyuda}
            withAsterisk
            maxLength={500}
            w={{ base: '100%', sm: 420 }}
          />
          <SelectField
            control={form.control}
            name="rol_id"
            numeric
            label={t.rol}
            withAsterisk
            w={{ base: '100%', sm: 220 }}
            data={(roles.data ?? []).map((r) => ({ value: String(r.id), label: r.nombre }))}
            comboboxProps={{ withinPortal: true }}
            mt={{ sm: 22 }}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} />}
            loading={form.formState.isSubmitting}
            mt={{ base: 0, sm: 47 }}
          >
            {t.agregar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Quitar({ fila }: { fila: GrupoRol }) {
  const quitar = useQuitarGrupo();
  return (
    <DeleteAction
      variant="icon"
      label={`${t.quitar} ${fila.grupo} → ${fila.rol}`}
      tooltip={t.quitar}
      confirm={{ title: t.quitarTitulo, message: t.quitarTexto(fila.grupo, fila.rol) }}
      run={() => quitar.mutateAsync(fila.id)}
      done={{ title: t.quitado, message: `${fila.grupo} → ${fila.rol}` }}
      errorTitle={t.error}
    />
  );
}

const columns: ColumnDef<GrupoRol>[] = [
  {
    id: 'grupo',
    header: t.columnas.grupo,
    cell: ({ row }) => (
      <Text size="sm" style={{ wordBreak: 'break-all' }}>
        {row.original.grupo}
      </Text>
    ),
  },
  { id: 'rol', header: t.columnas.rol, meta: { width: 200 }, cell: ({ row }) => row.original.rol },
  {
    id: 'alta',
    header: t.columnas.alta,
    meta: { width: 160 },
    cell: ({ row }) => formatFechaHora(row.original.creado),
  },
  { id: 'acciones', header: '', meta: { width: 60 }, cell: ({ row }) => <Quitar fila={row.original} /> },
];

/**
 * Directorio de la empresa (USUARIOS#ADMIN): whether LDAP is set, and which role each directory group gives. The
 * bulk bar removes the chosen mappings (confirmed) in one request.
 */
export function DirectorioScreen() {
  const dir = useDirectorio();
  return (
    <>
      <PageHeader title={t.titulo} />
      <Text size="sm" c="dimmed" mb="xs" maw={900}>
        {t.ayuda}
      </Text>
      <Text size="sm" c="dimmed" mb="md" maw={900}>
        {t.vinculos}
      </Text>
      <Stack gap="lg" maw={980}>
        {dir.data && (
          <Alert color={dir.data.configurado ? 'green' : 'gray'} role="status">
            {dir.data.configurado ? t.configurado(dir.data.url ?? '') : t.sinConfigurar}
          </Alert>
        )}
        <Paper withBorder p="lg" radius="md">
          <AgregarGrupo />
        </Paper>
        <DataTable
          label={t.titulo}
          columns={columns}
          rows={dir.data?.grupos}
          getRowId={(g) => String(g.id)}
          rowLabel={(g) => `${g.grupo} → ${g.rol}`}
          lote={{ url: gruposLoteUrl(), filtro: '', eliminar: true }}
          loading={dir.isPending}
          error={dir.error}
          onRetry={() => void dir.refetch()}
          emptyText={t.vacio}
          minWidth={640}
        />
      </Stack>
    </>
  );
}
