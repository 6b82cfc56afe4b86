import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { identidadExterna, type identidadInput } from '@intranet/contract/areas/auth';
import { envelope, okBody } from '@intranet/contract/shared/envelope';
import {
  persona,
  personaDeleteResult,
  personaDetalle,
  type personaInput,
  personaPage,
} from '@intranet/contract/areas/personas';
import {
  cuenta,
  cuentaConPassword,
  type cuentaCreate,
  type cuentaUpdate,
  rol,
  rolDetalle,
  type rolInput,
  rolPage,
} from '@intranet/contract/areas/personas/usuarios';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

export type PersonaValues = z.output<typeof personaInput>;
export type CuentaCreateValues = z.output<typeof cuentaCreate>;
export type CuentaUpdateValues = z.output<typeof cuentaUpdate>;
export type RolValues = z.output<typeof rolInput>;
export type IdentidadValues = z.output<typeof identidadInput>;

const url = (path: string) => apiUrl('api', `/api${path}`);
/** The people list's API path, for its import. */
export const personasUrl = () => url('/personas');

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
      (await http.get(url(`/personas?${params}`), envelope(personaPage), { signal })).datos,
    placeholderData: keepPreviousData,
  });
}

export function usePersona(id: number) {
  return useQuery({
    queryKey: personasKeys.detalle(id),
    queryFn: async ({ signal }) => (await http.get(url(`/personas/${id}`), envelope(personaDetalle), { signal })).datos,
  });
}

export const personasCsvUrl = (exportParams: string) =>
  url(`/personas/export.csv${exportParams ? `?${exportParams}` : ''}`);

export function useAreas() {
  return useQuery({
    queryKey: personasKeys.areas,
    queryFn: async ({ signal }) =>
      (await http.get(url('/personas/areas'), envelope(z.array(z.string())), { signal })).datos,
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
        ? await http.post(url('/personas'), values, envelope(persona))
        : await http.put(url(`/personas/${id}`), values, envelope(persona))
      ).datos,
    onSuccess: () => invalidate(),
  });
}

/** Deletes, or deactivates when something points at the person: the answer says which. */
export function useEliminarPersona() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.delete(url(`/personas/${id}`), envelope(personaDeleteResult))).datos,
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
      (await http.get(url(`/personas/${personaId}/cuenta`), envelope(cuenta.nullable()), { signal })).datos,
    enabled,
  });
}

export function useCrearCuenta() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: CuentaCreateValues) =>
      (await http.post(url('/usuarios'), values, envelope(cuentaConPassword))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useModificarCuenta(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: CuentaUpdateValues) =>
      (await http.put(url(`/usuarios/${id}`), values, envelope(cuenta))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useRestablecerPassword(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () =>
      (await http.post(url(`/usuarios/${id}/password`), undefined, envelope(cuentaConPassword))).datos,
    onSuccess: () => invalidate(),
  });
}

// ---- Outside identities linked to an account (directory, OpenID) ----

export function useIdentidades(usuarioId: number) {
  return useQuery({
    queryKey: personasKeys.identidades(usuarioId),
    queryFn: async ({ signal }) =>
      (await http.get(url(`/usuarios/${usuarioId}/identidades`), envelope(z.array(identidadExterna)), { signal }))
        .datos,
  });
}

export function useVincularIdentidad(usuarioId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: IdentidadValues) =>
      (await http.post(url(`/usuarios/${usuarioId}/identidades`), values, envelope(identidadExterna))).datos,
    onSuccess: () => invalidate(),
  });
}

export function useDesvincularIdentidad(usuarioId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (identidadId: number) => http.delete(url(`/usuarios/${usuarioId}/identidades/${identidadId}`), okBody),
    onSuccess: () => invalidate(),
  });
}

// ---- Roles ----

export function useRoles(params: string, enabled = true) {
  return useQuery({
    queryKey: personasKeys.roles(params),
    queryFn: async ({ signal }) => (await http.get(url(`/roles?${params}`), envelope(rolPage), { signal })).datos,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useRol(id: number) {
  return useQuery({
    queryKey: personasKeys.rol(id),
    queryFn: async ({ signal }) => (await http.get(url(`/roles/${id}`), envelope(rolDetalle), { signal })).datos,
  });
}

export function useGuardarRol(id: number | undefined) {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: RolValues) =>
      (id === undefined
        ? await http.post(url('/roles'), values, envelope(rol))
        : await http.put(url(`/roles/${id}`), values, envelope(rol))
      ).datos,
    // The signed-in user may hold the role: their own permissions may have changed.
    onSuccess: () => Promise.all([invalidate(), client.invalidateQueries({ queryKey: ['permisos'] })]),
  });
}

export function useEliminarRol() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(url(`/roles/${id}`), okBody),
    onSuccess: (_a, id) =>
      client.invalidateQueries({
        queryKey: ['roles'],
        predicate: (q) => q.queryKey[1] !== 'detalle' || q.queryKey[2] !== id,
      }),
  });
}
