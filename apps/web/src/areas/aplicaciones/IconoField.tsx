import { Button, FileButton, Group, Input, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';
import { ICONO_MAX_BYTES, ICONO_TIPOS } from '@intranet/contract/areas/aplicaciones';
import { formatBytes } from '../../core/format.ts';
import { useSubirIcono } from './api.ts';
import { AppIcon } from './AppBadges.tsx';
import { aplicacionesMessages as t } from './messages.ts';

interface IconoFieldProps<T extends FieldValues, O> {
  control: Control<T, unknown, O>;
  name: Path<T>;
  nombre: string;
  /** The stored icon's address, shown until another is chosen. */
  actual: string | null;
}

/** The app's icon: the image is uploaded to the file store at once and the field keeps its id. */
export function IconoField<T extends FieldValues, O>({ control, name, nombre, actual }: IconoFieldProps<T, O>) {
  const { field, fieldState } = useController({ control, name });
  const [vista, setVista] = useState<string | null>(field.value ? actual : null);
  // A new icon is shown from the chosen file: the store serves it only once the saved app holds it.
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => () => void (local && URL.revokeObjectURL(local)), [local]);
  const subir = useSubirIcono();

  const elegir = (file: File | null) => {
    if (!file) return;
    if (file.size > ICONO_MAX_BYTES) {
      notifications.show({ color: 'red', title: t.iconoError, message: `${t.iconoAyuda} (${formatBytes(file.size)})` });
      return;
    }
    subir.mutate(file, {
      onSuccess: (icono) => {
        field.onChange(icono.id);
        setVista(icono.descarga);
        setLocal(URL.createObjectURL(file));
      },
      onError: (error) => notifications.show({ color: 'red', title: t.iconoError, message: error.message }),
    });
  };

  return (
    <Input.Wrapper label={t.campos.icono} description={t.iconoAyuda} error={fieldState.error?.message}>
      <Group gap="md" mt={6}>
        <AppIcon icono={vista} src={vista ? local : null} nombre={nombre || t.campos.icono} size={56} />
        <Stack gap={6}>
          <FileButton onChange={elegir} accept={ICONO_TIPOS.join(',')}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                size="xs"
                leftSection={<IconPhotoUp size={14} />}
                loading={subir.isPending}
              >
                {subir.isPending ? t.iconoSubiendo : t.iconoElegir}
              </Button>
            )}
          </FileButton>
          {field.value !== null && field.value !== undefined && (
            <Button
              variant="subtle"
              color="gray"
              size="xs"
              leftSection={<IconX size={14} />}
              onClick={() => {
                field.onChange(null);
                setVista(null);
                setLocal(null);
              }}
            >
              {t.iconoQuitar}
            </Button>
          )}
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
