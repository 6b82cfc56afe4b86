import { Divider, List, Loader, SegmentedControl, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { renovarInput, type RenovarInput, type VencimientoTipo } from '@intranet/contract/areas/clientes/vencimientos';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { DateField } from '../../../components/form/DateField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { listMessages } from '../../../components/messages.ts';
import { formatFecha, formatFechaHora } from '../../../core/format.ts';
import { useRenovaciones, useRenovar, useVencimientosCliente, type RenovarValues } from './api.ts';
import { vencimientosMessages as t } from './messages.ts';
import { SolicitudDialog } from './SolicitudDialog.tsx';
import { FormActions } from '../../../components/form/FormActions.tsx';

const MODAL_ID = 'vencimiento-renovar';

export interface ItemRenovable {
  tipo: VencimientoTipo;
  item_id: number;
  item: string;
  cliente: string;
  vence: string;
  /** Monthly licences renew a month ahead; everything else a year (certificates: two). */
  meses?: number;
  /** The client: a certificate's renewal can generate its key and request here. */
  empresa_id?: number;
}

function Historial({ tipo, id }: { tipo: VencimientoTipo; id: number }) {
  const historial = useRenovaciones(tipo, id);
  if (historial.isPending) return <Text size="sm">{listMessages.cargando}</Text>;
  if (historial.isError)
    return (
      <Text size="sm" c="red">
        {historial.error.message}
      </Text>
    );
  if (historial.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t.sinHistorial}
      </Text>
    );
  return (
    <List size="sm" spacing={4} aria-label={t.historial}>
      {historial.data.map((r) => (
        <List.Item key={r.id}>
          <Text span size="sm" fw={600}>
            {t.renovacionLinea(formatFecha(r.vence_anterior), formatFecha(r.vence_nuevo))}
          </Text>
          <Text span size="sm" c="dimmed">
            {' '}
            · {formatFechaHora(r.fecha)}
            {r.usuario ? ` · ${r.usuario}` : ''}
            {r.nota ? ` · ${r.nota}` : ''}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function RenovarForm({ item }: { item: ItemRenovable }) {
  const sugerida = dayjs(item.vence)
    .add(item.meses ?? 12, 'month')
    .format('YYYY-MM-DD');
  const form = useForm<RenovarInput, unknown, RenovarValues>({
    resolver: contractResolver(renovarInput),
    defaultValues: { vence: sugerida, nota: '' },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(MODAL_ID, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, ['vence', 'nota']);
  const renovar = useRenovar(item.tipo, item.item_id);
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      const r = await renovar.mutateAsync(values);
      modals.close(MODAL_ID);
      notifications.show({
        color: 'green',
        title: t.renovado,
        message: `${item.item}: ${formatFecha(r.vence_anterior)} → ${formatFecha(r.vence_nuevo)}`,
      });
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.renovarTitulo(item.item)}>
      <Stack gap="sm">
        {sinGuardar}
        <Text size="sm">{t.renovarDe(item.cliente, formatFecha(item.vence))}</Text>
        <FormError message={formError} />
        <DateField
          control={form.control}
          name="vence"
          label={t.nuevaFecha}
          withAsterisk
          minDate={dayjs(item.vence).add(1, 'day').format('YYYY-MM-DD')}
          data-autofocus
        />
        <TextField control={form.control} name="nota" label={t.nota} maxLength={500} />
        <FormActions
          onCancel={() => void closeFormDialog(MODAL_ID)}
          submitting={form.formState.isSubmitting}
          label={t.renovar}
        />
        <Divider label={t.historial} labelPosition="left" />
        <Historial tipo={item.tipo} id={item.item_id} />
      </Stack>
    </form>
  );
}

/**
 * The certificate to renew, read from its client's: the request's form starts from its name, environment and services.
 */
function SolicitudDeRenovacion({ clienteId, certificadoId }: { clienteId: number; certificadoId: number }) {
  const datos = useVencimientosCliente(clienteId);
  if (datos.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (datos.isError)
    return (
      <Text size="sm" c="red">
        {datos.error.message}
      </Text>
    );
  const certificado = datos.data.certificados.find((c) => c.id === certificadoId);
  if (!certificado) return <Text size="sm">{t.certificadoYaNoEsta}</Text>;
  return <SolicitudDialog clienteId={clienteId} renueva={certificado} modalId={MODAL_ID} />;
}

/**
 * A certificate is renewed one way whatever screen it is renewed from: its new key and request generated here (the
 * client's Vencimientos tab does the same), or, for one AFIP renewed elsewhere, its new date recorded.
 */
function RenovarCertificado({ item, clienteId }: { item: ItemRenovable; clienteId: number }) {
  const [modo, setModo] = useState<'solicitud' | 'fecha'>('solicitud');
  return (
    <Stack gap="md">
      <SegmentedControl
        fullWidth
        value={modo}
        onChange={(v) => setModo(v === 'fecha' ? 'fecha' : 'solicitud')}
        data={[
          { value: 'solicitud', label: t.renovarGenerando },
          { value: 'fecha', label: t.renovarRegistrando },
        ]}
      />
      {modo === 'solicitud' ? (
        <SolicitudDeRenovacion clienteId={clienteId} certificadoId={item.item_id} />
      ) : (
        <RenovarForm item={item} />
      )}
    </Stack>
  );
}

export const abrirRenovar = (item: ItemRenovable) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: t.renovarTitulo(item.item),
    size: item.tipo === 'certificado' && item.empresa_id ? 'lg' : 'md',
    children:
      item.tipo === 'certificado' && item.empresa_id ? (
        <RenovarCertificado item={item} clienteId={item.empresa_id} />
      ) : (
        <RenovarForm item={item} />
      ),
  });
