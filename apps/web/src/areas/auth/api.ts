import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiToken,
  cuentaTotp,
  directorio,
  grupoRol,
  type GrupoRolInput,
  rolTotp,
  tokenCreado,
  totpConfirmado,
  totpEstado,
  totpInscripcion,
  type TokenInput,
  type TotpCodigo,
} from '@intranet/contract/areas/auth';
import { okBody } from '@intranet/contract/shared/envelope';
import { envelope } from '@intranet/contract/shared/envelope';
import { z } from 'zod';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';
import { getSesion, setSesion } from '../../core/session/session.ts';

export const tokensKeys = {
  todos: ['tokens'] as const,
  lista: (todos: boolean) => ['tokens', todos ? 'todos' : 'mios'] as const,
};

const url = (path: string) => apiUrl('api', `/api/auth/tokens${path}`);

/** The tokens' path for their bulk bar (`…/lote`: revoke), one's own or (admins) everyone's. */
export const tokensLoteUrl = (todos: boolean) => url(todos ? '/todos' : '');
/** The accounts' second factor, for their bulk bar (`…/lote`: reset). */
export const cuentasTotpLoteUrl = () => apiUrl('api', '/api/auth/totp/cuentas');
/** The directory's group mappings, for their bulk bar (`…/lote`: remove). */
export const gruposLoteUrl = () => apiUrl('api', '/api/auth/directorio/grupos');

/** The caller's tokens, or (admins) everyone's. */
export function useTokens(todos: boolean) {
  return useQuery({
    queryKey: tokensKeys.lista(todos),
    queryFn: async ({ signal }) =>
      (await http.get(url(todos ? '/todos' : ''), envelope(z.array(apiToken)), { signal })).datos,
  });
}

export function useCrearToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: TokenInput) => (await http.post(url(''), values, envelope(tokenCreado))).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKeys.todos }),
  });
}

export function useRevocarToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.post(url(`/${id}/revocar`), undefined, envelope(apiToken))).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKeys.todos }),
  });
}

// ---- Second factor ----

const totp = (path: string) => apiUrl('api', `/api/auth/totp${path}`);
export const totpKeys = {
  estado: ['totp'] as const,
  cuentas: ['totp', 'cuentas'] as const,
  roles: ['totp', 'roles'] as const,
};

export function useTotpEstado() {
  return useQuery({
    queryKey: totpKeys.estado,
    queryFn: async ({ signal }) => (await http.get(totp(''), envelope(totpEstado), { signal })).datos,
  });
}

export function useInscribirTotp() {
  return useMutation({
    mutationFn: async () => (await http.post(totp('/inscripcion'), undefined, envelope(totpInscripcion))).datos,
  });
}

/** Confirming turns it on: the session's codes change (a role that required it lets them through now). */
export function useConfirmarTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: TotpCodigo) =>
      (await http.post(totp('/confirmar'), values, envelope(totpConfirmado))).datos,
    onSuccess: () => {
      // The second factor is on: a session that waited for it reaches the rest of the portal now.
      const sesion = getSesion();
      if (sesion?.usuario.segundo_factor_pendiente)
        setSesion({ ...sesion, usuario: { ...sesion.usuario, segundo_factor_pendiente: false } });
      return Promise.all([
        client.invalidateQueries({ queryKey: totpKeys.estado }),
        client.invalidateQueries({ queryKey: ['permisos'] }),
      ]);
    },
  });
}

export function useDesactivarTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: TotpCodigo) => (await http.post(totp('/desactivar'), values, okBody)).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: totpKeys.estado }),
  });
}

export function useCuentasTotp() {
  return useQuery({
    queryKey: totpKeys.cuentas,
    queryFn: async ({ signal }) => (await http.get(totp('/cuentas'), envelope(z.array(cuentaTotp)), { signal })).datos,
  });
}

export function useRestablecerTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await http.post(totp(`/cuentas/${id}/restablecer`), undefined, okBody)).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: totpKeys.cuentas }),
  });
}

export function useRolesTotp() {
  return useQuery({
    queryKey: totpKeys.roles,
    queryFn: async ({ signal }) => (await http.get(totp('/roles'), envelope(z.array(rolTotp)), { signal })).datos,
  });
}

export function useRequerirTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, requiere }: { id: number; requiere: boolean }) =>
      (await http.put(totp(`/roles/${id}`), { requiere_totp: requiere }, envelope(rolTotp))).datos,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: totpKeys.roles }),
        client.invalidateQueries({ queryKey: totpKeys.cuentas }),
      ]),
  });
}

// ---- The company's directory ----

export const directorioKey = ['directorio'] as const;

export function useDirectorio() {
  return useQuery({
    queryKey: directorioKey,
    queryFn: async ({ signal }) =>
      (await http.get(apiUrl('api', '/api/auth/directorio'), envelope(directorio), { signal })).datos,
  });
}

export function useAgregarGrupo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: GrupoRolInput) =>
      (await http.post(apiUrl('api', '/api/auth/directorio/grupos'), values, envelope(grupoRol))).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: directorioKey }),
  });
}

export function useQuitarGrupo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) =>
      (await http.delete(apiUrl('api', `/api/auth/directorio/grupos/${id}`), okBody)).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: directorioKey }),
  });
}
