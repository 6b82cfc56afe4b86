import { Anchor, Badge, Checkbox, Code, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useController, useForm, type Control } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import type { PermissionCode } from '@intranet/contract/registry';
import { permisosPorArea, rolInput, type RolDetalle, type RolInput } from '@intranet/contract/areas/personas/usuarios';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { useEliminarRol, useGuardarRol, useRol, type RolValues } from './api.ts';
import { rolesMessages as t } from './messages.ts';
import { FormActions } from '../../components/form/FormActions.tsx';

const GRUPOS = permisosPorArea();

/** `/personas/roles/nuevo` */
export function RolNuevo() {
  return <RolForm initial={{ nombre: '', descripcion: '', permisos: [] }} />;
}

/** `/personas/roles/:id`: the role's editor, the accounts holding it and its history. */
export function RolEditar() {
  const id = Number(useParams().id);
  const rol = useRol(id);
  return (
    <RecordScreen query={rol} title={t.titulo} back={{ to: '/personas/roles', label: t.volver }}>
      {(record) => (
        <RolForm
          rol={record}
          initial={{
            nombre: record.nombre,
            descripcion: record.descripcion,
            permisos: record.permisos as PermissionCode[],
          }}
        />
      )}
    </RecordScreen>
  );
}

/** The catalogue as a checklist grouped by area, each code with its Spanish explanation. */
function PermisosChecklist({ control }: { control: Control<RolInput, unknown, RolValues> }) {
  const { field, fieldState } = useController({ control, name: 'permisos' });
  const marcados = new Set<string>(Array.isArray(field.value) ? field.value : []);
  const set = (codes: string[], on: boolean) => {
    const next = new Set(marcados);
    for (const c of codes)
      if (on) next.add(c);
      else next.delete(c);
    // Catalogue order, so the saved list reads like the checklist.
    field.onChange(GRUPOS.flatMap((g) => g.permisos.map((p) => p.codigo)).filter((c) => next.has(c)));
  };
  return (
    <Stack gap="sm" role="group" aria-label={t.campos.permisos}>
      <Text size="sm" c="dimmed">
        {t.permisosAyuda}
      </Text>
      {fieldState.error && (
        <Text c="red" size="sm">
          {fieldState.error.message}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {GRUPOS.map((grupo) => {
          const codes = grupo.permisos.map((p) => p.codigo);
          const n = codes.filter((c) => marcados.has(c)).length;
          return (
            <Paper key={grupo.area} withBorder radius="md" p="md">
              <Group justify="space-between" mb="xs">
                <Title order={3} size="h5">
                  {grupo.area}
                </Title>
                <Checkbox
                  label={t.todos}
                  aria-label={`${t.todos}: ${grupo.area}`}
                  size="xs"
                  checked={n === codes.length}
                  indeterminate={n > 0 && n < codes.length}
                  onChange={(e) => set(codes, e.currentTarget.checked)}
                />
              </Group>
              <Stack gap="xs">
                {grupo.permisos.map((p) => (
                  <Checkbox
                    key={p.codigo}
                    checked={marcados.has(p.codigo)}
                    onChange={(e) => set([p.codigo], e.currentTarget.checked)}
                    onBlur={field.onBlur}
                    aria-label={`${p.descripcion} (${p.codigo})`}
                    label={
                      <span>
                        {p.descripcion} <Code fz="xs">{p.codigo}</Code>
                      </span>
                    }
                  />
                ))}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function RolForm({ rol, initial }: { rol?: RolDetalle; initial: RolInput }) {
  const navigate = useNavigate();
  const form = useForm<RolInput, unknown, RolValues>({
    resolver: contractResolver(rolInput),
    defaultValues: initial,
    mode: 'onTouched',
  });
  const { control, formState } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const guardar = useGuardarRol(rol?.id);
  const eliminar = useEliminarRol();
  const { allowLeave } = useDirtyGuard(formState.isDirty && !formState.isSubmitSuccessful);
  const titulo = rol ? t.formEditar(rol.nombre) : t.formNuevo;

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const saved = await guardar.mutateAsync(values);
      notifications.show({ color: 'green', title: t.guardado, message: saved.nombre });
      allowLeave();
      form.reset({
        nombre: saved.nombre,
        descripcion: saved.descripcion,
        permisos: saved.permisos as PermissionCode[],
      });
      if (!rol) await navigate(`/personas/roles/${saved.id}`, { replace: true });
    } catch (error) {
      onServerError(error);
    }
  });

  const editor = (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={titulo}>
      <Stack gap="md">
        <FormError message={formError} />
        <Paper withBorder radius="md" p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <TextField
              control={control}
              name="nombre"
              label={t.campos.nombre}
              withAsterisk
              autoFocus={!rol}
              maxLength={60}
            />
            <TextareaField
              control={control}
              name="descripcion"
              label={t.campos.descripcion}
              maxLength={500}
              autosize
              minRows={1}
            />
          </SimpleGrid>
        </Paper>
        <PermisosChecklist control={control} />
        <FormActions onCancel={() => void navigate('/personas/roles')} submitting={formState.isSubmitting} />
      </Stack>
    </form>
  );

  return (
    <>
      <PageHeader
        title={titulo}
        back={{ to: '/personas/roles', label: t.volver }}
        actions={
          rol && (
            <DeleteAction
              label={t.eliminar}
              confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(rol.nombre) }}
              run={() => eliminar.mutateAsync(rol.id)}
              done={{ title: t.eliminado, message: rol.nombre, to: '/personas/roles' }}
              onDone={allowLeave}
              errorTitle={t.errorEliminar}
            />
          )
        }
      />
      {!rol ? (
        editor
      ) : (
        <Tabs defaultValue="rol" keepMounted>
          <Tabs.List mb="md">
            <Tabs.Tab value="rol">{t.campos.permisos}</Tabs.Tab>
            <Tabs.Tab value="cuentas">
              {t.cuentas} ({rol.usuarios.length})
            </Tabs.Tab>
            <Tabs.Tab value="historial">{t.historial}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="rol">{editor}</Tabs.Panel>
          <Tabs.Panel value="cuentas">
            {rol.usuarios.length === 0 ? (
              <Text c="dimmed">{t.sinCuentas}</Text>
            ) : (
              <Stack gap="xs">
                {rol.usuarios.map((u) => (
                  <Group key={u.id} gap="sm">
                    {u.persona_id ? (
                      <Anchor component={Link} to={`/personas/${u.persona_id}?tab=cuenta`}>
                        {u.nombre}
                      </Anchor>
                    ) : (
                      <Text>{u.nombre}</Text>
                    )}
                    <Code>{u.usuario}</Code>
                    {!u.activo && (
                      <Badge color="gray" variant="light">
                        Desactivada
                      </Badge>
                    )}
                  </Group>
                ))}
              </Stack>
            )}
          </Tabs.Panel>
          <Tabs.Panel value="historial">
            <HistoryTab entidad="rol" id={rol.id} labels={t.campos} />
          </Tabs.Panel>
        </Tabs>
      )}
    </>
  );
}
