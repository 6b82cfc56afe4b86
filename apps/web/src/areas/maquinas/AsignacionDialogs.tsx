import { Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import {
  asignarInput,
  devolverInput,
  MAQUINA_ESTADOS_LIBRES,
  type AsignarInput,
  type DevolverInput,
  type Maquina,
} from '@intranet/contract/areas/maquinas';
import { PersonaSelect } from '../../components/EntitySelect/PersonaSelect.tsx';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { DateField } from '../../components/form/DateField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { useAsignarMaquina, useDevolverMaquina, type AsignarValues, type DevolverValues } from './api.ts';
import { maquinasMessages as t } from './messages.ts';
import { FormActions } from '../../components/form/FormActions.tsx';

const MODAL_ID = 'maquina-asignacion';
const hoy = () => dayjs().format('YYYY-MM-DD');

function Acciones({ submitting, label }: { submitting: boolean; label: string }) {
  return <FormActions onCancel={() => modals.close(MODAL_ID)} submitting={submitting} label={label} />;
}

function AsignarForm({ maquina }: { maquina: Maquina }) {
  const form = useForm<AsignarInput, unknown, AsignarValues>({
    resolver: contractResolver(asignarInput),
    defaultValues: { fecha: hoy(), notas: '' },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['persona_id', 'fecha', 'notas']);
  const asignar = useAsignarMaquina(maquina.id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const m = await asignar.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({ color: 'green', title: t.asignada, message: `${m.nombre} → ${m.persona_nombre ?? ''}` });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.asignarTitulo(maquina.nombre)}>
      <Stack gap="sm">
        <FormError message={formError} />
        <PersonaSelect
          control={form.control}
          name="persona_id"
          label={t.persona}
          withAsterisk
          soloActivas
          data-autofocus
        />
        <DateField control={form.control} name="fecha" label={t.fecha} withAsterisk maxDate={hoy()} />
        <TextField control={form.control} name="notas" label={t.notasAsignacion} maxLength={500} />
        <Acciones submitting={form.formState.isSubmitting} label={t.asignar} />
      </Stack>
    </form>
  );
}

function DevolverForm({ maquina }: { maquina: Maquina }) {
  const form = useForm<DevolverInput, unknown, DevolverValues>({
    resolver: contractResolver(devolverInput),
    defaultValues: { fecha: hoy(), estado: 'disponible', notas: '' },
    mode: 'onTouched',
  });
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const devolver = useDevolverMaquina(maquina.id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const m = await devolver.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({ color: 'green', title: t.devuelta, message: `${m.nombre}: ${t.estados[m.estado]}` });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.devolverTitulo(maquina.nombre)}>
      <Stack gap="sm">
        <Text size="sm">{t.devolverTexto(maquina.persona_nombre ?? '')}</Text>
        <FormError message={formError} />
        <DateField
          control={form.control}
          name="fecha"
          label={t.fecha}
          withAsterisk
          minDate={maquina.asignada_desde ?? undefined}
          maxDate={hoy()}
        />
        <SelectField
          control={form.control}
          name="estado"
          label={t.estadoTrasDevolver}
          withAsterisk
          data={MAQUINA_ESTADOS_LIBRES.map((v) => ({ value: v, label: t.estados[v] }))}
        />
        <TextField control={form.control} name="notas" label={t.notasAsignacion} maxLength={500} />
        <Acciones submitting={form.formState.isSubmitting} label={t.devolver} />
      </Stack>
    </form>
  );
}

const abrir = (title: string, children: ReactNode) =>
  modals.open({ modalId: MODAL_ID, title, centered: true, closeButtonProps: { 'aria-label': 'Cerrar' }, children });

export const abrirAsignar = (maquina: Maquina) =>
  abrir(t.asignarTitulo(maquina.nombre), <AsignarForm maquina={maquina} />);
export const abrirDevolver = (maquina: Maquina) =>
  abrir(t.devolverTitulo(maquina.nombre), <DevolverForm maquina={maquina} />);
