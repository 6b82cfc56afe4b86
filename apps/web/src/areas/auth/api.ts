import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GrupoRolInput, TokenInput, TotpCodigo } from '@intranet/contract/areas/auth';
import { authApi } from '@intranet/contract/areas/auth/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';
import { getSesion, setSesion } from '../../core/session/session.ts';

export const tokensKeys = {
  todos: ['tokens'] as const,
  lista: (todos: boolean) => ['tokens', todos ? 'todos' : 'mios'] as const,
};

/** The tokens' path for their bulk bar (`…/lote`: revoke), one's own or (admins) everyone's. */
export const tokensLoteUrl = (todos: boolean) =>
  todos ? endpointUrl(authApi.tokensTodos) : endpointUrl(authApi.tokens);
/** The accounts' second factor, for their bulk bar (`…/lote`: reset). */
export const cuentasTotpLoteUrl = () => endpointUrl(authApi.cuentasTotp);
/** The directory's group mappings, for their bulk bar (`…/lote`: remove). */
export const gruposLoteUrl = () => endpointUrl(authApi.agregarGrupo);

/** The caller's tokens, or (admins) everyone's. */
export function useTokens(todos: boolean) {
  return useQuery({
    queryKey: tokensKeys.lista(todos),
    queryFn: async ({ signal }) => (await call(todos ? authApi.tokensTodos : authApi.tokens, { signal })).datos,
  });
}

export function useCrearToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: TokenInput) => (await call(authApi.crearToken, { body: values })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKeys.todos }),
  });
}

export function useRevocarToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(authApi.revocarToken, { params: { id } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: tokensKeys.todos }),
  });
}

// ---- Second factor ----

export const totpKeys = {
  estado: ['totp'] as const,
  cuentas: ['totp', 'cuentas'] as const,
  roles: ['totp', 'roles'] as const,
};

export function useTotpEstado() {
  return useQuery({
    queryKey: totpKeys.estado,
    queryFn: async ({ signal }) => (await call(authApi.totp, { signal })).datos,
  });
}

export function useInscribirTotp() {
  return useMutation({
    mutationFn: async () => (await call(authApi.inscribirTotp)).datos,
  });
}

/** Confirming turns it on: the session's codes change (a role that required it lets them through now). */
export function useConfirmarTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: TotpCodigo) => (await call(authApi.confirmarTotp, { body: values })).datos,
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
    mutationFn: async (values: TotpCodigo) => (await call(authApi.desactivarTotp, { body: values })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: totpKeys.estado }),
  });
}

export function useCuentasTotp() {
  return useQuery({
    queryKey: totpKeys.cuentas,
    queryFn: async ({ signal }) => (await call(authApi.cuentasTotp, { signal })).datos,
  });
}

export function useRestablecerTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(authApi.restablecerTotp, { params: { id } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: totpKeys.cuentas }),
  });
}

export function useRolesTotp() {
  return useQuery({
    queryKey: totpKeys.roles,
    queryFn: async ({ signal }) => (await call(authApi.rolesTotp, { signal })).datos,
  });
}

export function useRequerirTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, requiere }: { id: number; requiere: boolean }) =>
      (await call(authApi.requerirTotp, { params: { id }, body: { requiere_totp: requiere } })).datos,
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
    queryFn: async ({ signal }) => (await call(authApi.directorio, { signal })).datos,
  });
}

export function useAgregarGrupo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (values: GrupoRolInput) => (await call(authApi.agregarGrupo, { body: values })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: directorioKey }),
  });
}

export function useQuitarGrupo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: number) => (await call(authApi.quitarGrupo, { params: { id } })).datos,
    onSuccess: () => client.invalidateQueries({ queryKey: directorioKey }),
  });
}
