import { Radio, Stack, Text } from '@mantine/core';
import type { ImportacionModo } from '@intranet/contract/shared/importacion';
import { importarMessages as t } from './messages.ts';

interface PasoModoProps {
  modo: ImportacionModo;
  /** The key's title ('Nº de inventario', 'CUIT'). */
  clave: string;
  onModo: (modo: ImportacionModo) => void;
}

/** Step 4: create only, or update the rows whose key exists. */
export function PasoModo({ modo, clave, onModo }: PasoModoProps) {
  return (
    <Stack gap="sm">
      <Radio.Group label={t.modo} value={modo} onChange={(v) => onModo(v === 'actualizar' ? 'actualizar' : 'crear')}>
        <Stack gap="sm" mt="xs">
          <Radio value="crear" label={t.soloCrear} description={t.soloCrearAyuda} />
          <Radio value="actualizar" label={t.actualizar(clave)} description={t.actualizarAyuda(clave)} />
        </Stack>
      </Radio.Group>
      <Text size="sm" c="dimmed">
        {t.ensayoAyuda}
      </Text>
    </Stack>
  );
}
