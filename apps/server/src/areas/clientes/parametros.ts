import type {
  CopiarParametrosResult,
  Parametro,
  parametroInput,
  ParametroTipo,
  parametroUpdate,
} from '@intranet/contract/areas/clientes';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { writeAudit, type Autor } from '../../db/audit.ts';
import type { Db, Executor } from '../../db/client.ts';
import { parametros } from '../../db/schema.ts';
import { columnValues, wireColumns } from '../../db/wire.ts';
import { ApiError } from '../../core/api-error.ts';
import { clienteExiste, ENTIDAD } from './queries.ts';
import { cifrar, descifrar, SecretoIlegible } from '../../core/secretos.ts';
import { servidorDeCliente } from './servidores.ts';

type Nuevo = z.output<typeof parametroInput>;
type Cambio = z.output<typeof parametroUpdate>;

const campos = wireColumns(parametros, [
  'id',
  'empresa_id',
  'servidor_id',
  'grupo',
  'clave',
  'tipo',
  'valor',
  'descripcion',
  'actualizado',
]);

/** Answers never carry a secret: `valor` is null for them (the column is null anyway; this states it). */
const wire = <R extends { actualizado: Date; tipo: ParametroTipo; valor: string | null }>(r: R) => ({
  ...r,
  valor: r.tipo === 'secreto' ? null : r.valor,
  actualizado: r.actualizado.toISOString(),
});

const noExiste = () => new ApiError(404, 'El parámetro no existe');

/** A value as stored: secrets only encrypted, anything else in clear. */
export function almacenado(
  key: Buffer,
  tipo: ParametroTipo,
  valor: string,
): { valor: string | null; valorCifrado: string | null } {
  return tipo === 'secreto' ? { valor: null, valorCifrado: cifrar(key, valor) } : { valor, valorCifrado: null };
}

/** The client's own parameters (servidorId undefined) or one of its servers', by grupo and clave. */
export async function parametrosDe(
  db: Executor,
  clienteId: number,
  servidorId: number | undefined,
): Promise<Parametro[]> {
  await clienteExiste(db, clienteId);
  if (servidorId) await servidorDeCliente(db, clienteId, servidorId);
  const rows = await db
    .select(campos)
    .from(parametros)
    .where(
      and(
        eq(parametros.clienteId, clienteId),
        servidorId ? eq(parametros.servidorId, servidorId) : isNull(parametros.servidorId),
      ),
    )
    .orderBy(asc(parametros.grupo), asc(parametros.clave), asc(parametros.id));
  return rows.map(wire);
}

async function parametroRow(db: Executor, clienteId: number, id: number, lock = false) {
  const query = db
    .select({ ...campos, valorCifrado: parametros.valorCifrado })
    .from(parametros)
    .where(and(eq(parametros.id, id), eq(parametros.clienteId, clienteId)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

type Fila = NonNullable<Awaited<ReturnType<typeof parametroRow>>>;
const sinSecreto = (r: Fila): Parametro => {
  const { valorCifrado: _c, ...rest } = r;
  return wire(rest);
};

export async function crearParametro(
  db: Db,
  key: Buffer,
  clienteId: number,
  v: Nuevo,
  autor: Autor | null,
): Promise<Parametro> {
  return db.transaction(async (tx) => {
    await clienteExiste(tx, clienteId, true);
    if (v.servidor_id) await servidorDeCliente(tx, clienteId, v.servidor_id);
    // The value is written as `almacenado` stores it (a secret only encrypted), never as given.
    const { valor, ...resto } = v;
    const [row] = await tx
      .insert(parametros)
      .values({ clienteId, ...columnValues(parametros, resto), ...almacenado(key, v.tipo, valor) })
      .returning(campos);
    const creado = wire(row!);
    await writeAudit(tx, { autor, accion: 'crear parámetro', entidad: ENTIDAD, entidadId: clienteId, despues: creado });
    return creado;
  });
}

export async function modificarParametro(
  db: Db,
  key: Buffer,
  clienteId: number,
  id: number,
  v: Cambio,
  autor: Autor,
): Promise<Parametro> {
  return db.transaction(async (tx) => {
    const antes = await parametroRow(tx, clienteId, id, true);
    if (!antes) throw noExiste();
    const { valor, ...resto } = v;
    let valores: { valor: string | null; valorCifrado: string | null };
    if (valor !== undefined) valores = almacenado(key, v.tipo, valor);
    else if (antes.tipo === 'secreto') valores = { valor: null, valorCifrado: antes.valorCifrado };
    else throw new ApiError(400, 'Datos inválidos', { valor: ['Ingrese el valor del secreto'] });
    const [row] = await tx
      .update(parametros)
      .set({ ...columnValues(parametros, resto), ...valores, actualizado: sql`now()` })
      .where(eq(parametros.id, id))
      .returning(campos);
    const despues = wire(row!);
    // A secret's history says it changed, never what it was or is.
    const secretoCambiado = v.tipo === 'secreto' && v.valor !== undefined ? { secreto: 'cambiado' } : {};
    await writeAudit(tx, {
      autor,
      accion: 'modificar parámetro',
      entidad: ENTIDAD,
      entidadId: clienteId,
      antes: sinSecreto(antes),
      despues: { ...despues, ...secretoCambiado },
    });
    return despues;
  });
}

export async function eliminarParametro(db: Db, clienteId: number, id: number, autor: Autor): Promise<void> {
  await db.transaction(async (tx) => {
    const antes = await parametroRow(tx, clienteId, id, true);
    if (!antes) throw noExiste();
    await tx.delete(parametros).where(eq(parametros.id, id));
    await writeAudit(tx, {
      autor,
      accion: 'eliminar parámetro',
      entidad: ENTIDAD,
      entidadId: clienteId,
      antes: sinSecreto(antes),
    });
  });
}

/** The secret in clear, with an audit row saying who saw which one (the row is written before answering). */
export async function revelarSecreto(
  db: Db,
  key: Buffer,
  clienteId: number,
  id: number,
  autor: Autor,
): Promise<string> {
  return db.transaction(async (tx) => {
    const row = await parametroRow(tx, clienteId, id);
    if (!row) throw noExiste();
    if (row.tipo !== 'secreto' || !row.valorCifrado) throw new ApiError(400, 'El parámetro no es un secreto');
    let valor: string;
    try {
      valor = descifrar(key, row.valorCifrado);
    } catch (err) {
      if (err instanceof SecretoIlegible) {
        throw new ApiError(
          409,
          'El secreto se guardó con otra clave (SECRETS_KEY) y no se puede leer; vuelva a ingresarlo',
        );
      }
      throw err;
    }
    await writeAudit(tx, {
      autor,
      accion: 'revelar secreto',
      entidad: ENTIDAD,
      entidadId: clienteId,
      despues: { parametro_id: row.id, grupo: row.grupo, clave: row.clave, servidor_id: row.servidor_id },
    });
    return valor;
  });
}

/**
 * Copies another client's own parameters (not its servers') into this client in one transaction: existing
 * keys (grupo, clave) are skipped or overwritten as the user chose. Secrets travel encrypted as they are.
 */
export async function copiarParametros(
  db: Db,
  clienteId: number,
  desde: number,
  modo: 'omitir' | 'sobrescribir',
  autor: Autor,
): Promise<CopiarParametrosResult> {
  if (desde === clienteId) throw new ApiError(400, 'Datos inválidos', { desde_empresa_id: ['Elija otro cliente'] });
  return db.transaction(async (tx) => {
    await clienteExiste(tx, clienteId, true);
    const [origen] = await tx
      .execute<{ n: number }>(sql`select count(*)::int as n from empresas where id = ${desde}`)
      .then((r) => r.rows);
    if (!origen || origen.n === 0)
      throw new ApiError(404, 'El cliente de origen no existe', { desde_empresa_id: ['El cliente no existe'] });
    const total =
      (
        await tx
          .execute<{ n: number }>(
            sql`select count(*)::int as n from parametros where empresa_id = ${desde} and servidor_id is null`,
          )
          .then((r) => r.rows)
      )[0]?.n ?? 0;
    const conflicto =
      modo === 'sobrescribir'
        ? sql`do update set tipo = excluded.tipo, valor = excluded.valor, valor_cifrado = excluded.valor_cifrado,
            descripcion = excluded.descripcion, actualizado = now()`
        : sql`do nothing`;
    const escritos = await tx
      .execute<{ insertado: boolean }>(
        sql`insert into parametros (empresa_id, servidor_id, grupo, clave, tipo, valor, valor_cifrado, descripcion)
            select ${clienteId}, null, grupo, clave, tipo, valor, valor_cifrado, descripcion
              from parametros where empresa_id = ${desde} and servidor_id is null
              order by grupo, clave
            on conflict (empresa_id, coalesce(servidor_id, 0), grupo, clave) ${conflicto}
            returning (xmax = 0) as insertado`,
      )
      .then((r) => r.rows);
    const copiados = escritos.filter((r) => r.insertado).length;
    const sobrescritos = escritos.length - copiados;
    const resultado = { copiados, sobrescritos, omitidos: total - escritos.length };
    await writeAudit(tx, {
      autor,
      accion: 'copiar parámetros',
      entidad: ENTIDAD,
      entidadId: clienteId,
      despues: { desde_empresa_id: desde, modo, ...resultado },
    });
    return resultado;
  });
}
