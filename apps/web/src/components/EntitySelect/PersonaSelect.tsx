import type { FieldValues } from 'react-hook-form';
import { personaOpcion, type PersonaOpcion } from '@intranet/contract/areas/personas';
import { personasApi } from '@intranet/contract/areas/personas/endpoints';
import { entityMessages as t } from '../messages.ts';
import { EntityField, EntityFilter, type EntityFieldProps, type EntityFilterProps } from './EntitySelect.tsx';
import type { EntitySource } from './useEntityOptions.ts';

/** The people's search (`GET /api/personas/opciones?q=&activo=`), an inactive one marked as such. */
export const personas: EntitySource<PersonaOpcion> = {
  key: 'personas',
  path: personasApi.opciones.path,
  schema: personaOpcion,
  label: (p) => (p.activo ? p.nombre_completo : `${p.nombre_completo} (${t.inactiva})`),
};

/** A person by name alone. */
export const nombreCompleto = (p: PersonaOpcion) => p.nombre_completo;

type PersonaSelectProps<T extends FieldValues, O> = Omit<EntityFieldProps<T, O, PersonaOpcion>, 'source' | 'params'> & {
  /** Offer only active people (assigning a machine). */
  soloActivas?: boolean;
};

/** A person chosen by typing part of the name, bound to a form; the server searches, at most 50 at a time. */
export function PersonaSelect<T extends FieldValues, O>({ soloActivas = false, ...props }: PersonaSelectProps<T, O>) {
  return (
    <EntityField
      placeholder={t.buscarPersona}
      {...props}
      source={personas}
      {...(soloActivas ? { params: { activo: 'true' } } : {})}
    />
  );
}

/** A list filter by person, kept in the URL by id. */
export function PersonaFilter(props: Omit<EntityFilterProps<PersonaOpcion>, 'source'>) {
  return <EntityFilter optionLabel={nombreCompleto} {...props} source={personas} />;
}
