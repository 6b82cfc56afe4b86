import { randomBytes } from 'node:crypto';
import { TOKEN_PREFIJO } from '@intranet/contract/auth';
import { inArray, sql } from 'drizzle-orm';
import { hashToken } from '../../core/sessions.ts';
import type { Tx } from '../../db/client.ts';
import { apiTokens, usuarios } from '../../db/schema.ts';

/** The demo's tokens, as a pipeline and a spreadsheet would hold them (their values are random and unknown). */
const DEMO = [
  { usuario: 'admin', nombre: 'Pipeline de instaladores', codigos: ['PACKS#EDITAR', 'VERSIONES#EDITAR', 'APP#EDITAR'], dias: 180, usado: true },
  { usuario: 'comercial', nombre: 'Planilla de clientes', codigos: ['CLIENTES#VER'], dias: 30, usado: false },
] as const;

export async function seedTokens(tx: Tx): Promise<void> {
  const cuentas = await tx.select({ id: usuarios.id, usuario: usuarios.usuario }).from(usuarios).where(inArray(usuarios.usuario, DEMO.map((d) => d.usuario)));
  const idDe = new Map(cuentas.map((c) => [c.usuario, c.id]));
  const filas = DEMO.filter((d) => idDe.has(d.usuario)).map((d) => {
    const token = `${TOKEN_PREFIJO}${randomBytes(32).toString('base64url')}`;
    return {
      usuarioId: idDe.get(d.usuario)!,
      nombre: d.nombre,
      tokenHash: hashToken(token),
      prefijo: token.slice(0, TOKEN_PREFIJO.length + 6),
      codigos: [...d.codigos],
      vence: sql`now() + make_interval(days => ${d.dias})`,
      ultimoUso: d.usado ? sql`now() - interval '3 hours'` : null,
    };
  });
  if (filas.length > 0) await tx.insert(apiTokens).values(filas);
}
