import type { FieldValues } from 'react-hook-form';
import { empresaOpcion, formatCuit, type EmpresaOpcion } from '@intranet/contract/areas/clientes';
import { entityMessages as t } from '../messages.ts';
import {
  EntityField,
  EntityFilter,
  EntitySelect,
  type EntityFieldProps,
  type EntityFilterProps,
  type EntitySelectProps,
} from './EntitySelect.tsx';
import type { EntitySource } from './useEntityOptions.ts';

/** The clients' search (`GET /api/empresas/opciones?q=`, by razón social or CUIT), shown with their CUIT. */
export const empresas: EntitySource<EmpresaOpcion> = {
  key: 'empresas',
  path: '/api/empresas/opciones',
  schema: empresaOpcion,
  label: (e) => `${e.razon_social} (${formatCuit(e.cuit)})`,
};

/** A client by its razón social alone. */
export const razonSocial = (e: EmpresaOpcion) => e.razon_social;

type Sin<P> = Omit<P, 'source'>;

/** A client chosen by typing part of its name or CUIT, bound to a form. */
export function EmpresaSelect<T extends FieldValues, O>(props: Sin<EntityFieldProps<T, O, EmpresaOpcion>>) {
  return <EntityField placeholder={t.buscarCliente} {...props} source={empresas} />;
}

/** A client chosen by typing part of its name or CUIT; not bound to a form. */
export function EmpresaPicker(props: Sin<EntitySelectProps<EmpresaOpcion>>) {
  return <EntitySelect placeholder={t.buscarCliente} {...props} source={empresas} />;
}

/** A list filter by client: type part of its name or CUIT, or clear it for all. */
export function EmpresaFilter(props: Sin<EntityFilterProps<EmpresaOpcion>>) {
  return <EntityFilter optionLabel={razonSocial} {...props} source={empresas} />;
}
