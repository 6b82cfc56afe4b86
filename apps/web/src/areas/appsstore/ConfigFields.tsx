import { Checkbox, Group, MultiSelect } from '@mantine/core';
import { useController, type Control } from 'react-hook-form';
import {
  STORE_CANALES,
  type StoreConfigInput,
  type StoreConfigValues,
  type StoreDestacada,
} from '@intranet/contract/areas/appsstore';
import { arrayError } from './configValues.ts';
import { appsstoreMessages as t } from './messages.ts';

type StoreControl = Control<StoreConfigInput, unknown, StoreConfigValues>;

/** The channels the store offers: one checkbox each. */
export function CanalesField({ control }: { control: StoreControl }) {
  const { field, fieldState } = useController({ control, name: 'canales' });
  return (
    <Checkbox.Group
      label={t.campos.canales}
      description={t.ayuda.canales}
      withAsterisk
      value={field.value ?? []}
      onChange={(next) => field.onChange(STORE_CANALES.filter((c) => next.includes(c)))}
      error={arrayError(fieldState.error)}
    >
      <Group gap="lg" mt={6}>
        {STORE_CANALES.map((canal) => (
          <Checkbox
            key={canal}
            value={canal}
            label={t.canales[canal]}
            onBlur={field.onBlur}
            ref={canal === STORE_CANALES[0] ? field.ref : undefined}
          />
        ))}
      </Group>
    </Checkbox.Group>
  );
}

/**
 * The featured applications in their order (the order of choosing). Published ones can be chosen; one that
 * was unpublished after being featured stays visible, marked, so it can be removed.
 */
export function DestacadasField({ control, aplicaciones }: { control: StoreControl; aplicaciones: StoreDestacada[] }) {
  const { field, fieldState } = useController({ control, name: 'destacadas' });
  const elegidas = (field.value ?? []).map(String);
  const data = aplicaciones
    .filter((a) => a.publicada || elegidas.includes(String(a.id)))
    .map((a) => ({
      value: String(a.id),
      label: a.publicada ? a.nombre : `${a.nombre} (${t.noPublicada})`,
      disabled: !a.publicada,
    }));
  return (
    <MultiSelect
      ref={field.ref}
      name={field.name}
      label={t.campos.destacadas}
      description={t.ayuda.destacadas}
      placeholder={elegidas.length === 0 ? t.elegirDestacadas : undefined}
      nothingFoundMessage={t.sinAplicaciones}
      data={data}
      value={elegidas}
      onChange={(next) => field.onChange(next.map(Number))}
      onBlur={field.onBlur}
      error={arrayError(fieldState.error)}
      searchable
      clearable
      comboboxProps={{ withinPortal: true }}
    />
  );
}
