import type { FieldValues } from 'react-hook-form';
import { clienteOpcion, formatCuit, type ClienteOpcion } from '@intranet/contract/areas/clientes';
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
export const clientes: EntitySource<ClienteOpcion> = {
  key: 'empresas',
  path: '/api/empresas/opciones',
  schema: clienteOpcion,
  label: (e) => `${e.razon_social} (${formatCuit(e.cuit)})`,
};

/** A client by its razón social alone. */
export const razonSocial = (e: ClienteOpcion) => e.razon_social;

type Sin<P> = Omit<P, 'source'>;

/** A client chosen by typing part of its name or CUIT, bound to a form. */
export function ClienteSelect<T extends FieldValues, O>(props: Sin<EntityFieldProps<T, O, ClienteOpcion>>) {
  return <EntityField placeholder={t.buscarCliente} {...props} source={clientes} />;
}

/** A client chosen by typing part of its name or CUIT; not bound to a form. */
export function ClientePicker(props: Sin<EntitySelectProps<ClienteOpcion>>) {
  return <EntitySelect placeholder={t.buscarCliente} {...props} source={clientes} />;
}

/** A list filter by client: type part of its name or CUIT, or clear it for all. */
export function ClienteFilter(props: Sin<EntityFilterProps<ClienteOpcion>>) {
  return <EntityFilter optionLabel={razonSocial} {...props} source={clientes} />;
}
