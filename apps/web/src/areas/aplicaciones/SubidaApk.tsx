import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconUpload, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  APLICACION_CANALES,
  aplicacionVersionUploadQuery,
  type Aplicacion,
  type AplicacionVersionUploadQuery,
} from '@intranet/contract/areas/aplicaciones';
import type { z } from 'zod';
import { contractResolver } from '../../components/form/contractResolver.ts';
import { FormError } from '../../components/form/FormError.tsx';
import { SelectField } from '../../components/form/SelectField.tsx';
import { useServerErrors } from '../../components/form/serverErrors.ts';
import { TextareaField } from '../../components/form/TextareaField.tsx';
import { uploadMessages } from '../../components/messages.ts';
import { UploadProgress } from '../../components/UploadProgress/UploadProgress.tsx';
import { isCancelled, useUploadProgress } from '../../components/UploadProgress/useUploadProgress.ts';
import { useDirtyGuard } from '../../components/useDirtyGuard.ts';
import { formatBytes } from '../../core/format.ts';
import { HttpError } from '../../core/http/HttpError.ts';
import { useSubirVersion } from './api.ts';
import { versionesMessages as t } from './messages.ts';

type Valores = z.output<typeof aplicacionVersionUploadQuery>;
const canalOptions = APLICACION_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));

/**
 * The upload of one chosen or dropped APK: channel and news, then the transfer with a progress bar and a
 * cancel button. The server reads and checks the APK; its refusal (wrong package, versionCode, signer…)
 * shows on the file. Leaving the page mid-upload asks first.
 */
export function SubidaApk({
  app,
  file,
  maxBytes,
  onDone,
}: {
  app: Aplicacion;
  file: File;
  maxBytes: number | undefined;
  onDone: () => void;
}) {
  const form = useForm<AplicacionVersionUploadQuery, unknown, Valores>({
    resolver: contractResolver(aplicacionVersionUploadQuery),
    defaultValues: { canal: 'beta', novedades: '' },
    mode: 'onTouched',
  });
  const { control } = form;
  const { formError, onServerError, clearFormError } = useServerErrors(form);
  const subir = useSubirVersion(app.id);
  const { avance, subiendo, upload, cancel } = useUploadProgress();
  const [rechazo, setRechazo] = useState<string | null>(null);
  const { allowLeave } = useDirtyGuard(subiendo);
  const tooLarge = maxBytes !== undefined && file.size > maxBytes;
  const noEsApk = !file.name.toLowerCase().endsWith('.apk');

  const submit = form.handleSubmit(async (values) => {
    clearFormError();
    setRechazo(null);
    if (tooLarge || noEsApk) return;
    try {
      const creada = await upload(file.size, (control) => subir.mutateAsync({ file, values, ...control }));
      notifications.show({
        color: 'green',
        title: t.subida,
        message: t.subidaTexto(creada.version_name, creada.version_code),
      });
      allowLeave();
      onDone();
    } catch (error) {
      if (isCancelled(error)) {
        notifications.show({ color: 'gray', title: t.subidaCancelada, message: t.subidaCanceladaTexto });
        return;
      }
      const delArchivo = error instanceof HttpError ? error.campos.archivo : undefined;
      if (delArchivo) setRechazo(delArchivo.join(' '));
      else onServerError(error);
    }
  });

  const aviso = tooLarge ? t.demasiadoGrande(formatBytes(maxBytes)) : noEsApk ? t.noEsApk : null;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={t.subidaTitulo(file.name)}>
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
          <Text size="sm" c="dimmed">
            {t.subidaAyuda}
          </Text>
          {rechazo && (
            <Alert color="red" role="alert" title={t.rechazado} icon={<IconAlertTriangle size={18} />}>
              {rechazo}
            </Alert>
          )}
          <FormError message={formError ?? aviso} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
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
            name="novedades"
            label={t.campos.novedades}
            description={t.novedadesAyuda}
            disabled={subiendo}
            maxLength={500}
            autosize
            minRows={2}
          />
          {avance && (
            <UploadProgress
              avance={avance}
              texto={(a) =>
                a.porcentaje >= 100 ? t.verificando : t.progresoTexto(a.porcentaje, a.velocidad, a.enviado, a.total)
              }
            />
          )}
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
            <Button type="submit" leftSection={<IconUpload size={16} />} disabled={tooLarge || noEsApk || subiendo}>
              {subiendo ? t.subiendo : t.subirBoton}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
