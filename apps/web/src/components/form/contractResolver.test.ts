import { describe, expect, it } from 'vitest';
import { servidorInput } from '@intranet/contract/areas/servidores';
import { direccionInput } from '@intranet/contract/areas/servidores/dns';
import { issueMessage } from './contractResolver.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Parameters<typeof issueMessage>[0][] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issueMessage(issue)]));

describe('issueMessage', () => {
  it('gives the Spanish message of the branch a union value was meant for', () => {
    const result = servidorInput.safeParse({
      nombre: 'x',
      estado: 'activo',
      ip_publica: '300.1.1.1',
      hostname: 'mal host',
    });
    expect(messagesOf(result)).toEqual({
      ip_publica: 'Dirección IP inválida',
      hostname: 'Nombre de host inválido (letras, números, guiones y puntos)',
    });
  });

  it('keeps the messages zod reports directly', () => {
    const result = direccionInput.safeParse({ dns: 1, host: 'mal host', port: 70000, path: 'x' });
    expect(messagesOf(result)).toEqual({
      host: 'Nombre de host inválido (letras, números, guiones y puntos)',
      port: 'El puerto va de 1 a 65535',
      path: 'La ruta debe empezar con / y no tener espacios',
    });
  });
});
