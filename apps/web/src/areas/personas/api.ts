import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { identidadInput } from '@intranet/contract/areas/auth';
import { identidadesApi } from '@intranet/contract/areas/auth/identidades-endpoints';
import type { personaInput } from '@intranet/contract/areas/personas';
import type { cuentaCreate, cuentaUpdate, rolInput } from '@intranet/contract/areas/personas/usuarios';
import { personasApi } from '@intranet/contract/areas/personas/endpoints';
import { rolesApi } from '@intranet/contract/areas/personas/roles-endpoints';
import { usuariosApi } from '@intranet/contract/areas/personas/usuarios-endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

export type PersonaValues = z.output<typeof personaInput>;
export type CuentaCreateValues = z.output<typeof cuentaCreate>;
export type CuentaUpdateValues = z.output<typeof cuentaUpdate>;
export type RolValues = z.output<typeof rolInput>;
export type IdentidadValues = z.output<typeof identidadInput>;

/** The people list's API path, for its import and bulk actions. */
export const personasUrl = () => endpointUrl(personasApi.lista);
/** The roles list's API path, for its bulk actions. */
export const rolesUrl = () => endpointUrl(rolesApi.lista);

/** Query keys: people, accounts and roles each under their own root. */
export const personasKeys = {
  all: ['personas'] as const,
  lista: (params: string) => ['personas', 'lista', params] as const,
  detalle: (id: number) => ['personas', 'detalle', id] as const,
  areas: ['personas', 'areas'] as const,
  cuenta: (personaId: number) => ['cuentas', 'persona', personaId] as const,
  identidades: (usuarioId: number) => ['cuentas', 'identidades', usuarioId] as const,
  roles: (params: string) => ['roles', 'lista', params] as const,
  rol: (id: number) => ['roles', 'detalle', id] as const,
};

export function usePersonas(params: string) {
  return useQuery({
    queryKey: personasKeys.lista(params),
    queryFn: async ({ signal }) =>
      (await call(personasApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function usePersona(id: number) {
  return useQuery({
    queryKey: personasKeys.detalle(id),
    queryFn: async ({ signal }) => (await call(personasApi.detalle, { params: { id }, signal })).datos,
  });
}

export const personasCsvUrl = (exportParams: string) =>
  endpointUrl(personasApi.csv, { query: new URLSearchParams(exportParams) });

export function useAreas() {
  return useQuery({
    queryKey: personasKeys.areas,
    queryFn: async ({ signal }) => (await call(personasApi.areas, { signal })).datos,
    staleTime: 60_000,
  });
}

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: personasKeys.all }),
      client.invalidateQueries({ queryKey: ['cuentas'] }),
      client.invalidateQueries({ queryKey: ['roles'] }),
      client.invalidateQueries({ queryKey: ['maquinas'] }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

export function useGuardarPersona(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: PersonaValues) =>
      (id === undefined
        ? await call(personasApi.crear, { body: values })
        : await call(personasApi.modificar, { params: { id }, body: values })
      ).datos,
    onSuccess: () => invalidate(),
  });
}

/** Deletes, or deactivates when something points at the person: the answer says which. */
export function useEliminarPersona() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(personasApi.eliminar, { params: { id } })).datos,
    onSuccess: (resultado, id) =>
      Promise.all([
        client.invalidateQueries({
          queryKey: personasKeys.all,
          predicate: (q) => resultado.accion !== 'eliminada' || q.queryKey[1] !== 'detalle' || q.queryKey[2] !== id,
        }),
        client.invalidateQueries({ queryKey: ['cuentas'] }),
        client.invalidateQueries({ queryKey: ['auditoria'] }),
      ]),
  });
}

// ---- Accounts ----

export function useCuentaDePersona(personaId: number, enabled: boolean) {
  return useQuery({
    queryKey: personasKeys.cuenta(personaId),
    queryFn: async ({ signal }) =>
      (await call(usuariosApi.cuentaDePersona, { params: { id: personaId }, signal })).datos,
    enabled,
  });
}

export function useCrearCuenta() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: CuentaCreateValues) => (await call(usuariosApi.crear, { body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useModificarCuenta(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: CuentaUpdateValues) =>
      (await call(usuariosApi.modificar, { params: { id }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useRestablecerPassword(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => (await call(usuariosApi.restablecerPassword, { params: { id } })).datos,
    onSuccess: () => invalidate(),
  });
}

// ---- Outside identities linked to an account (directory, OpenID): the auth area's routes ----

export function useIdentidades(usuarioId: number) {
  return useQuery({
    queryKey: personasKeys.identidades(usuarioId),
    queryFn: async ({ signal }) => (await call(identidadesApi.deCuenta, { params: { id: usuarioId }, signal })).datos,
  });
}

export function useVincularIdentidad(usuarioId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: IdentidadValues) =>
      (await call(identidadesApi.vincular, { params: { id: usuarioId }, body: values })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useDesvincularIdentidad(usuarioId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (identidadId: number) => call(identidadesApi.desvincular, { params: { id: usuarioId, identidadId } }),
    onSuccess: () => invalidate(),
  });
}

// ---- Roles ----

export function useRoles(params: string, enabled = true) {
  return useQuery({
    queryKey: personasKeys.roles(params),
    queryFn: async ({ signal }) => (await call(rolesApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRol(id: number) {
  return useQuery({
    queryKey: personasKeys.rol(id),
    queryFn: async ({ signal }) => (await call(rolesApi.detalle, { params: { id }, signal })).datos,
  });
}

export function useGuardarRol(id: number | undefined) {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: RolValues) =>
      (id === undefined
        ? await call(rolesApi.crear, { body: values })
        : await call(rolesApi.modificar, { params: { id }, body: values })
      ).datos,
    // The signed-in user may hold the role: their own permissions may have changed.
    onSuccess: () => Promise.all([invalidate(), client.invalidateQueries({ queryKey: ['permisos'] })]),
  });
}

export function useEliminarRol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(rolesApi.eliminar, { params: { id } }),
    onSuccess: (_a, id) =>
      client.invalidateQueries({
        queryKey: ['roles'],
        predicate: (q) => q.queryKey[1] !== 'detalle' || q.queryKey[2] !== id,
      }),
  });
}
