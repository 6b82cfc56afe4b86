import type { IdentidadExterna, identidadInput, ProveedorIdentidad } from '@intranet/contract/areas/auth';
import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor, Tx } from '../../db/client.ts';
import { identidadesExternas, rolPermisos, usuarioRoles, usuarios } from '../../db/schema.ts';
import { MENSAJES } from '../../messages.ts';
import { ApiError } from '../../core/api-error.ts';
import { buscarEnDirectorio } from './directorio.ts';

/** The audit entity of an account's history, where its links are told. */
const ENTIDAD_USUARIO = 'usuario';
/** Who vouches for a directory person: the directory itself (there is one). */
export const EMISOR_DIRECTORIO = 'ldap';

/** An outside identity as sign-in and linking know it. */
export interface Identidad {
  proveedor: ProveedorIdentidad;
  /** The OpenID issuer; EMISOR_DIRECTORIO for the directory. */
  emisor: string;
  /** entryUUID, objectGUID text or DN; the OpenID subject. */
  sujeto: string;
  /** A directory person's DN: older links were made by it, and are found by it. */
  dn: string | null;
  descripcion: string;
}

type Fila = typeof identidadesExternas.$inferSelect;

const wire = (f: Fila): IdentidadExterna => ({
  id: f.id,
  proveedor: f.proveedor as IdentidadExterna['proveedor'],
  emisor: f.emisor,
  sujeto: f.sujeto,
  descripcion: f.descripcion,
  vinculo: f.vinculo as IdentidadExterna['vinculo'],
  creado: f.creado.toISOString(),
});

/** What the history keeps of an identity (no secrets: there are none in it). */
const auditada = (i: Pick<Identidad, 'proveedor' | 'emisor' | 'sujeto' | 'descripcion'>) => ({
  proveedor: i.proveedor,
  emisor: i.emisor,
  sujeto: i.sujeto,
  descripcion: i.descripcion,
});

/** The rows an identity may be linked by: its identifier, or (a directory person linked before) its DN. */
function porIdentidad(i: Pick<Identidad, 'proveedor' | 'emisor' | 'sujeto' | 'dn'>) {
  const porDn = i.dn ? sql`lower(${identidadesExternas.sujeto}) = ${i.dn.toLowerCase()}` : undefined;
  return and(
    eq(identidadesExternas.proveedor, i.proveedor),
    eq(identidadesExternas.emisor, i.emisor),
    or(eq(identidadesExternas.sujeto, i.sujeto), porDn),
  );
}

/** The link of an identity, by its identifier first, else by its DN. */
export async function identidadVinculada(db: Executor, i: Identidad): Promise<Fila | undefined> {
  const [fila] = await db
    .select()
    .from(identidadesExternas)
    .where(porIdentidad(i))
    .orderBy(sql`${identidadesExternas.sujeto} = ${i.sujeto} desc`, asc(identidadesExternas.id))
    .limit(1);
  return fila;
}

/** Whether the account holds USUARIOS#ADMIN through its roles: such an account is never linked automatically. */
export async function administra(db: Executor, usuarioId: number): Promise<boolean> {
  const [fila] = await db
    .select({ rolId: usuarioRoles.rolId })
    .from(usuarioRoles)
    .innerJoin(rolPermisos, eq(rolPermisos.rolId, usuarioRoles.rolId))
    .where(and(eq(usuarioRoles.usuarioId, usuarioId), eq(rolPermisos.codigo, 'USUARIOS#ADMIN')))
    .limit(1);
  return fila !== undefined;
}

/** At sign-in: a link by DN takes the identifier the directory gives now, and the description is refreshed. */
export async function refrescarIdentidad(tx: Tx, fila: Fila, i: Identidad): Promise<void> {
  if (fila.sujeto === i.sujeto && fila.descripcion === i.descripcion) return;
  await tx
    .update(identidadesExternas)
    .set({ sujeto: i.sujeto, descripcion: i.descripcion })
    .where(eq(identidadesExternas.id, fila.id));
}

export async function registrarIdentidad(
  tx: Tx,
  usuarioId: number,
  i: Identidad,
  vinculo: IdentidadExterna['vinculo'],
): Promise<Fila> {
  const [fila] = await tx
    .insert(identidadesExternas)
    .values({
      usuarioId,
      proveedor: i.proveedor,
      emisor: i.emisor,
      sujeto: i.sujeto,
      descripcion: i.descripcion,
      vinculo,
    })
    .returning();
  return fila!;
}

/** An account's linked identities, oldest first. */
export async function identidadesDeCuenta(db: Executor, usuarioId: number): Promise<IdentidadExterna[]> {
  await cuentaExistente(db, usuarioId);
  const filas = await db
    .select()
    .from(identidadesExternas)
    .where(eq(identidadesExternas.usuarioId, usuarioId))
    .orderBy(asc(identidadesExternas.id));
  return filas.map(wire);
}

async function cuentaExistente(db: Executor, usuarioId: number): Promise<{ id: number; usuario: string }> {
  const [c] = await db
    .select({ id: usuarios.id, usuario: usuarios.usuario })
    .from(usuarios)
    .where(eq(usuarios.id, usuarioId));
  if (!c) throw new ApiError(404, 'La cuenta no existe');
  return c;
}

const invalido = (campo: 'proveedor' | 'sujeto' | 'emisor', mensaje: string) =>
  new ApiError(400, MENSAJES.datosInvalidos, { [campo]: [mensaje] });

/**
 * The identity an administrator names: a directory person is looked up there (by user name or DN); an OpenID one is
 * taken as given.
 */
async function identidadNombrada(config: Config, input: z.output<typeof identidadInput>): Promise<Identidad> {
  if (input.proveedor === 'oidc') {
    const emisor = input.emisor ?? config.oidc?.issuer;
    if (!emisor) throw invalido('emisor', 'El ingreso con OpenID no está configurado: indique el emisor');
    return { proveedor: 'oidc', emisor, sujeto: input.sujeto, dn: null, descripcion: '' };
  }
  if (!config.ldap) throw invalido('proveedor', 'El directorio de la empresa no está configurado (LDAP_URL)');
  const r = await buscarEnDirectorio(config.ldap, input.sujeto);
  if (r.kind === 'caido')
    throw invalido('sujeto', 'No se pudo consultar el directorio de la empresa: intente de nuevo en unos minutos');
  if (r.kind === 'no_encontrada')
    throw invalido('sujeto', 'No se encontró a esa persona en el directorio (usuario o DN)');
  return {
    proveedor: 'ldap',
    emisor: EMISOR_DIRECTORIO,
    sujeto: r.persona.sujeto,
    dn: r.persona.dn,
    descripcion: r.persona.dn,
  };
}

/** An administrator links an identity to an account, audited; 409 when it is linked already. */
export async function vincularIdentidad(
  db: Db,
  config: Config,
  usuarioId: number,
  input: z.output<typeof identidadInput>,
  autor: Autor,
): Promise<IdentidadExterna> {
  await cuentaExistente(db, usuarioId);
  const identidad = await identidadNombrada(config, input);
  return db.transaction(async (tx) => {
    await cuentaExistente(tx, usuarioId);
    const previas = await tx
      .select({
        id: identidadesExternas.id,
        usuarioId: identidadesExternas.usuarioId,
        sujeto: identidadesExternas.sujeto,
        usuario: usuarios.usuario,
      })
      .from(identidadesExternas)
      .innerJoin(usuarios, eq(usuarios.id, identidadesExternas.usuarioId))
      .where(porIdentidad(identidad));
    const ajena = previas.find((p) => p.usuarioId !== usuarioId);
    if (ajena)
      throw new ApiError(
        409,
        `Esa identidad ya está vinculada a otra cuenta (${ajena.usuario}): desvincúlela allí primero`,
      );
    const propia = previas.find((p) => p.sujeto === identidad.sujeto);
    if (propia) throw new ApiError(409, 'Esa identidad ya está vinculada a esta cuenta');
    // An older link of this account by the person's DN becomes this one.
    const fila = previas[0]
      ? (
          await tx
            .update(identidadesExternas)
            .set({ sujeto: identidad.sujeto, descripcion: identidad.descripcion, vinculo: 'administrador' })
            .where(eq(identidadesExternas.id, previas[0].id))
            .returning()
        )[0]!
      : await registrarIdentidad(tx, usuarioId, identidad, 'administrador');
    await writeAudit(tx, {
      autor,
      accion: 'vincular_identidad',
      entidad: ENTIDAD_USUARIO,
      entidadId: usuarioId,
      despues: auditada(identidad),
    });
    return wire(fila);
  });
}

/** An administrator unlinks one of the account's identities, audited: the person no longer signs in to it. */
export async function desvincularIdentidad(
  db: Db,
  usuarioId: number,
  identidadId: number,
  autor: Autor,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [fila] = await tx
      .delete(identidadesExternas)
      .where(and(eq(identidadesExternas.id, identidadId), eq(identidadesExternas.usuarioId, usuarioId)))
      .returning();
    if (!fila) throw new ApiError(404, 'Esa identidad no está vinculada a esta cuenta');
    await writeAudit(tx, {
      autor,
      accion: 'desvincular_identidad',
      entidad: ENTIDAD_USUARIO,
      entidadId: usuarioId,
      antes: auditada({ ...fila, proveedor: fila.proveedor as ProveedorIdentidad }),
    });
  });
}
