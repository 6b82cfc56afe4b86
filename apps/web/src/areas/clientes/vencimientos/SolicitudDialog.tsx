import { Button, Code, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  aliasDe,
  PASOS_AFIP,
  solicitudInput,
  type Solicitud,
  type SolicitudInput,
} from '@intranet/contract/areas/clientes/solicitudes';
import {
  AFIP_AMBIENTES,
  AFIP_SERVICIOS,
  AMBIENTE_ETIQUETA,
  type Certificado,
} from '@intranet/contract/areas/clientes/vencimientos';
import { saveFile } from '../../../components/ExportButton/saveFile.ts';
import { contractResolver } from '../../../components/form/contractResolver.ts';
import { FormActions } from '../../../components/form/FormActions.tsx';
import { FormError } from '../../../components/form/FormError.tsx';
import { SelectField } from '../../../components/form/SelectField.tsx';
import { useServerErrors } from '../../../components/form/serverErrors.ts';
import { TagsField } from '../../../components/form/TagsField.tsx';
import { TextField } from '../../../components/form/TextField.tsx';
import { closeFormDialog, openFormDialog, useFormDialogDirty } from '../../../components/formDialog.tsx';
import { descargarCsr, useGenerarSolicitud, type SolicitudValues } from './api.ts';
import { vencimientosMessages } from './messages.ts';

const t = vencimientosMessages.solicitud;
const MODAL_ID = 'certificado-solicitud';

/** The dialog the request's steps live in: their own, or the grid's Renovar (RenovarDialog.tsx). */
type EnDialogo = { modalId?: string };

/** Saves the request's CSR as `<alias>-<cuit>.csr`; a failure is told in a red notification. */
export async function guardarCsr(s: Pick<Solicitud, 'id' | 'alias' | 'cuit'>): Promise<void> {
  try {
    saveFile(await descargarCsr(s.id), `${s.alias}-${s.cuit}.csr`);
  } catch (error) {
    notifications.show({
      color: 'red',
      title: t.errorDescarga,
      message: error instanceof Error ? error.message : t.errorDescarga,
    });
  }
}

/** What to do at AFIP with the CSR: shown once the request is made and from each pending one. */
export function PasosAfip() {
  return (
    <List type="ordered" size="sm" spacing={4} aria-label={t.pasos}>
      {PASOS_AFIP.map((paso) => (
        <List.Item key={paso}>{paso}</List.Item>
      ))}
    </List>
  );
}

/** The request just made: its subject, the CSR to download and the steps at AFIP. */
function SolicitudGenerada({ solicitud, modalId = MODAL_ID }: { solicitud: Solicitud } & EnDialogo) {
  // Nothing left unsaved; the hook keeps Escape closing the dialog.
  const cerrar = useFormDialogDirty(modalId, false);
  return (
    <Stack gap="sm" aria-label={t.generada}>
      {cerrar}
      <Text size="sm" fw={600}>
        {t.generada}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {solicitud.sujeto}
      </Code>
      <Group>
        <Button leftSection={<IconDownload size={16} />} onClick={() => void guardarCsr(solicitud)} data-autofocus>
          {t.descargarCsr}
        </Button>
      </Group>
      <Text size="sm">{t.generadaTexto}</Text>
      <PasosAfip />
      <Group justify="flex-end">
        <Button variant="default" onClick={() => modals.close(modalId)}>
          {t.cerrar}
        </Button>
      </Group>
    </Stack>
  );
}

function SolicitudForm({
  clienteId,
  renueva,
  onGenerada,
  modalId = MODAL_ID,
}: { clienteId: number; renueva?: Certificado | undefined; onGenerada: (s: Solicitud) => void } & EnDialogo) {
  const form = useForm<SolicitudInput, unknown, SolicitudValues>({
    resolver: contractResolver(solicitudInput),
    defaultValues: {
      empresa_id: clienteId,
      renueva_id: renueva?.id ?? null,
      // The certificate's name cleaned up as AFIP takes it (a name cut at a hyphen once ended in one).
      alias: renueva ? aliasDe(renueva.cn) : '',
      ambiente: renueva?.ambiente ?? 'produccion',
      servicios: renueva?.servicios ?? ['wsfe'],
    },
    mode: 'onTouched',
  });
  const sinGuardar = useFormDialogDirty(modalId, form.formState.isDirty);
  const { formError, onServerError, clearFormError } = useServerErrors(form, [
    'alias',
    'ambiente',
    'servicios',
    'renueva_id',
    'empresa_id',
  ]);
  const generar = useGenerarSolicitud();
  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    try {
      onGenerada(await generar.mutateAsync(values));
    } catch (error) {
      onServerError(error);
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.titulo}>
      <Stack gap="sm">
        {sinGuardar}
        <Text size="sm" c="dimmed">
          {t.ayuda}
        </Text>
        <FormError message={formError} />
        <TextField
          control={form.control}
          name="alias"
          label={t.alias}
          description={t.aliasAyuda}
          withAsterisk
          maxLength={64}
          data-autofocus
        />
        <SelectField
          control={form.control}
          name="ambiente"
          label={vencimientosMessages.ambiente}
          withAsterisk
          data={AFIP_AMBIENTES.map((a) => ({ value: a, label: AMBIENTE_ETIQUETA[a] }))}
        />
        <TagsField
          control={form.control}
          name="servicios"
          label={vencimientosMessages.servicios}
          placeholder={vencimientosMessages.serviciosPlaceholder}
          data={[...AFIP_SERVICIOS]}
        />
        <FormActions
          onCancel={() => void closeFormDialog(modalId)}
          submitting={form.formState.isSubmitting}
          label={t.generar}
        />
      </Stack>
    </form>
  );
}

/** The request's form, then the request made: in its own dialog, or in another's (`modalId`). */
export function SolicitudDialog(props: { clienteId: number; renueva?: Certificado | undefined } & EnDialogo) {
  const [generada, setGenerada] = useState<Solicitud | null>(null);
  return generada ? (
    <SolicitudGenerada solicitud={generada} {...(props.modalId ? { modalId: props.modalId } : {})} />
  ) : (
    <SolicitudForm {...props} onGenerada={setGenerada} />
  );
}

/** "Nuevo certificado" for a client, or "Renovar" one of its certificates: key and CSR made on the server. */
export const abrirSolicitud = (clienteId: number, renueva?: Certificado) =>
  openFormDialog({
    modalId: MODAL_ID,
    title: renueva ? t.tituloRenovar(renueva.alias ?? renueva.cn) : t.titulo,
    size: 'lg',
    children: <SolicitudDialog clienteId={clienteId} renueva={renueva} />,
  });
