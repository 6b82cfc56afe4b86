import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiToken, tokenCreado, type TokenInput } from '@intranet/contract/auth';
import { envelope } from '@intranet/contract/envelope';
import { z } from 'zod';
import { apiUrl } from '../../core/config/config.ts';
import { http } from '../../core/http/http.ts';

export const tokensKeys = { todos: ['tokens'] as const, lista: (todos: boolean) => ['tokens', todos ? 'todos' : 'mios'] as const };

const url = (path: string) => apiUrl('api', `/api/auth/tokens${path}`);

/** The caller's tokens, or (admins) everyone's. */
export function useTokens(todos: boolean) {
  return useQuery({
    queryKey: tokensKeys.lista(todos),
    queryFn: async ({ signal }) => (await http.get(url(todos ? '/todos' : ''), envelope(z.array(apiToken)), { signal })).datos,
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
