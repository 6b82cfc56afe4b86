import { randomBytes } from 'node:crypto';
import { TOKEN_PREFIJO } from '@intranet/contract/areas/auth';
import { inArray, sql } from 'drizzle-orm';
import { hashToken } from '../../core/sessions.ts';
import type { Tx } from '../../db/client.ts';
import { apiTokens, gruposRoles, roles, usuarios } from '../../db/schema.ts';

/** The demo's tokens, as a pipeline and a spreadsheet would hold them (their values are random and unknown). */
const DEMO = [
  {
    usuario: 'admin',
    nombre: 'Pipeline de instaladores',
    codigos: ['PACKS#EDITAR', 'VERSIONES#EDITAR', 'APP#EDITAR'],
    dias: 180,
    usado: true,
  },
  { usuario: 'comercial', nombre: 'Planilla de clientes', codigos: ['CLIENTES#VER'], dias: 30, usado: false },
] as const;

/** The demo's directory groups and the roles they give (ready for when LDAP_URL or OIDC_ISSUER is set). */
const GRUPOS = [
  ['intranet-administradores', 'Administrador'],
  ['intranet-comercial', 'Comercial'],
  ['intranet-tecnica', 'Técnica'],
] as const;

/** Ingreso's demo data: a few API tokens and the directory groups' roles. */
export async function seedAuth(tx: Tx): Promise<void> {
  await seedTokens(tx);
  const porNombre = new Map(
    (await tx.select({ id: roles.id, nombre: roles.nombre }).from(roles)).map((r) => [r.nombre, r.id]),
  );
  const filas = GRUPOS.filter(([, rol]) => porNombre.has(rol)).map(([grupo, rol]) => ({
    grupo,
    rolId: porNombre.get(rol)!,
  }));
  if (filas.length > 0) await tx.insert(gruposRoles).values(filas);
}

async function seedTokens(tx: Tx): Promise<void> {
  const cuentas = await tx
    .select({ id: usuarios.id, usuario: usuarios.usuario })
    .from(usuarios)
    .where(
      inArray(
        usuarios.usuario,
        DEMO.map((d) => d.usuario),
      ),
    );
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
