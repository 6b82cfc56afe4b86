import { Select, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ImportacionCampo, ImportacionMapeo } from '@intranet/contract/shared/importacion';
import { importarMessages as t } from './messages.ts';

interface PasoColumnasProps {
  campos: readonly ImportacionCampo[];
  columnas: readonly string[];
  mapeo: ImportacionMapeo;
  onMapeo: (mapeo: ImportacionMapeo) => void;
}

/** Step 2: each field's column, prefilled by the guess from the headers. */
export function PasoColumnas({ campos, columnas, mapeo, onMapeo }: PasoColumnasProps) {
  const opciones = [{ value: '', label: t.sinColumna }, ...columnas.map((c) => ({ value: c, label: c }))];
  return (
    <Stack gap="sm">
      <Text size="sm">{t.columnasAyuda}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm" verticalSpacing="xs">
        {campos.map((c) => (
          <Select
            key={c.campo}
            label={c.titulo}
            withAsterisk={c.requerido}
            aria-label={t.columnaDe(c.titulo)}
            data={opciones}
            value={mapeo[c.campo] ?? ''}
            onChange={(v) => onMapeo({ ...mapeo, [c.campo]: v ? v : null })}
            allowDeselect={false}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
