import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUpload, IconX } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import {
  PAQUETE_CANALES,
  paqueteInput,
  type PaqueteInput,
  type PaqueteValues,
} from '@intranet/contract/areas/paquetes';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { TextField } from '../../components/form/TextField.tsx';
import { uploadMessages } from '../../components/messages.ts';
import { UploadProgress } from '../../components/UploadProgress/UploadProgress.tsx';
import { isCancelled, useUploadProgress } from '../../components/UploadProgress/useUploadProgress.ts';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { formatBytes } from '../../core/format.ts';
import { useSubirPaquete } from './api.ts';
import { instaladoresMessages as t, versionDelNombre } from './messages.ts';

const canalOptions = PAQUETE_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));

/**
 * The upload of one chosen or dropped file: its fields (name and version guessed from the file name), then
 * the transfer with a progress bar (percentage and speed) and a cancel button. Leaving the page mid-upload
 * asks first.
 */
export function SubidaPaquete({
  file,
  maxBytes,
  onDone,
}: {
  file: File;
  maxBytes: number | undefined;
  onDone: () => void;
}) {
  const form = useForm<PaqueteInput, unknown, PaqueteValues>({
    resolver: contractResolver(paqueteInput),
    defaultValues: {
      nombre: file.name,
      producto: '',
      version: versionDelNombre(file.name),
      canal: 'estable',
      notas: '',
    },
    mode: 'onTouched',
  });
  const { control } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const subir = useSubirPaquete();
  const { avance, subiendo, upload, cancel } = useUploadProgress();
  const { allowLeave } = useDirtyGuard(subiendo);
  const tooLarge = maxBytes !== undefined && file.size > maxBytes;

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    if (tooLarge) return;
    try {
      const creado = await upload(file.size, (control) => subir.mutateAsync({ file, values, ...control }));
      notifications.show({ color: 'green', title: t.subido, message: t.subidoTexto(creado.nombre) });
      allowLeave();
      onDone();
    } catch (error) {
      if (isCancelled(error)) {
        notifications.show({ color: 'gray', title: t.subidaCancelada, message: t.subidaCanceladaTexto });
        return;
      }
      onServerError(error);
    }
  });

  return (
    <Paper withBorder radius="md" p="lg" mb="md" component="section" aria-label={t.subidaTitulo(file.name)}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              {t.subidaTitulo(file.name)}
            </Title>
            <Text size="sm" c="dimmed">
              {formatBytes(file.size)}
            </Text>
          </Group>
          <FormError message={formError ?? (tooLarge ? t.demasiadoGrande(formatBytes(maxBytes)) : null)} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
            <TextField
              control={control}
              name="nombre"
              label={t.campos.nombre}
              withAsterisk
              disabled={subiendo}
              maxLength={200}
            />
            <TextField
              control={control}
              name="producto"
              label={t.campos.producto}
              disabled={subiendo}
              maxLength={120}
            />
            <TextField
              control={control}
              name="version"
              label={t.campos.version}
              disabled={subiendo}
              placeholder="3.14.2"
            />
            <SelectField
              control={control}
              name="canal"
              label={t.campos.canal}
              data={canalOptions}
              disabled={subiendo}
              withAsterisk
            />
          </SimpleGrid>
          <TextareaField
            control={control}
            name="notas"
            label={t.campos.notas}
            disabled={subiendo}
            maxLength={2000}
            autosize
            minRows={2}
          />
          {avance && <UploadProgress avance={avance} />}
          <Group justify="flex-end" gap="sm">
            {subiendo ? (
              <Button variant="light" color="red" leftSection={<IconX size={16} />} onClick={cancel}>
                {uploadMessages.cancelarSubida}
              </Button>
            ) : (
              <Button variant="default" onClick={onDone}>
                {t.descartar}
              </Button>
            )}
            <Button type="submit" leftSection={<IconUpload size={16} />} disabled={tooLarge || subiendo}>
              {subiendo ? t.subiendo : t.subir}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
