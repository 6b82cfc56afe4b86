import {
  COMPROMISO_ANTERIOR,
  DESARROLLO_ESTADO_NOMBRES,
  DESARROLLO_ESTADOS,
  DESARROLLO_PRIORIDAD_NOMBRES,
  desarrolloInput,
  ENTREGA_ANTERIOR,
  type DesarrolloEstado,
  type DesarrolloValues,
} from '@intranet/contract/areas/desarrollos';
import { optionalText, requiredText } from '@intranet/contract/shared/validators';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { wireColumns } from '../../db/wire.ts';
import { desarrolloEstados, desarrollos, clientes, personas, productos, versiones } from '../../db/schema.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import {
  clientesPorNombre,
  comparable,
  idsPorNombre,
  productosPorNombre,
} from '../../lists/importacion/referencias.ts';
import { CAMPO_ID, campoId, type ImportacionSpec } from '../../lists/importacion/spec.ts';
import { ApiError } from '../../core/api-error.ts';
import { conflictos } from './conflicts.ts';
import { columnas } from './cambios.ts';
import { ENTIDAD } from './queries.ts';

/** The export writes «Interno» for a development with no client. */
const INTERNO = 'interno';

const { empresa_id: _e, producto_id: _p, responsable_id: _r, version_id: _v, ...propios } = desarrolloInput.shape;

/**
 * A development as imported: its client, product, owner and version by name (as the export writes them) instead of
 * by id, and its state as the export writes it, only to be checked: the board moves it, never a file.
 */
const desarrolloImportado = z
  .object({
    ...propios,
    cliente: optionalText(200).transform((v) => (v !== null && comparable(v) === INTERNO ? null : v)),
    producto: requiredText(120),
    responsable: optionalText(250),
    version: optionalText(50),
    estado: z.enum(DESARROLLO_ESTADOS, { error: 'Estado inválido' }).optional(),
  })
  .strict()
  .refine((v) => !v.fecha_compromiso || v.fecha_compromiso >= v.fecha_solicitud, {
    path: ['fecha_compromiso'],
    message: COMPROMISO_ANTERIOR,
  })
  .refine((v) => !v.fecha_entrega || v.fecha_entrega >= v.fecha_solicitud, {
    path: ['fecha_entrega'],
    message: ENTREGA_ANTERIOR,
  });
type DesarrolloImportado = z.output<typeof desarrolloImportado>;

const nombreResponsable = sql<string>`${personas.apellido} || ', ' || ${personas.nombre}`;

/** A development's values in the import's shape, as stored (its description kept: the export has none). */
const valores = {
  ...wireColumns(desarrollos, [
    'titulo',
    'estado',
    'prioridad',
    'horas_estimadas',
    'horas_reales',
    'fecha_solicitud',
    'fecha_compromiso',
    'fecha_entrega',
    'descripcion',
  ]),
  cliente: clientes.razonSocial,
  producto: productos.nombre,
  responsable: sql<string | null>`case when ${personas.id} is null then null else ${nombreResponsable} end`,
  version: versiones.numero,
};

const presentes = (filas: DesarrolloImportado[], campo: 'cliente' | 'responsable') =>
  filas.flatMap((f) => (f[campo] === null ? [] : [f[campo]]));

/**
 * The rows with their references found by name, under the form's rules: the owner is one of the staff (a person of
 * no client), and the version one of the development's product.
 */
async function conIds(tx: Tx, filas: DesarrolloImportado[]): Promise<DesarrolloValues[]> {
  const clientes = await clientesPorNombre(tx, presentes(filas, 'cliente'), 'Cliente');
  const porProducto = await productosPorNombre(
    tx,
    filas.map((f) => f.producto),
    'Producto',
  );
  const responsables = await idsPorNombre(
    presentes(filas, 'responsable'),
    async (c) =>
      (
        await tx
          .select({ id: personas.id, nombre: nombreResponsable })
          .from(personas)
          .where(and(isNull(personas.clienteId), inArray(sql`lower(${nombreResponsable})`, c)))
      ).map((p) => ({ id: p.id, nombres: [p.nombre] })),
    {
      falta: (n) => `Responsable: no hay nadie del personal llamado «${n}» (Apellido, Nombre)`,
      repetido: (n) => `Responsable: hay más de una persona llamada «${n}»`,
    },
  );
  const conVersion = filas.filter((f) => f.version !== null);
  const numeros = [...new Set(conVersion.map((f) => comparable(f.version!)))];
  const vers =
    numeros.length === 0
      ? []
      : await tx
          .select({ id: versiones.id, productoId: versiones.productoId, numero: versiones.numero })
          .from(versiones)
          .where(
            and(
              inArray(versiones.productoId, [
                ...new Set(conVersion.map((f) => porProducto.get(comparable(f.producto))!)),
              ]),
              inArray(sql`lower(${versiones.numero})`, numeros),
            ),
          );
  const porVersion = new Map(vers.map((v) => [`${v.productoId}|${comparable(v.numero)}`, v.id]));
  return filas.map(({ cliente, producto, responsable, version, estado: _estado, ...resto }) => {
    const productoId = porProducto.get(comparable(producto))!;
    const versionId = version === null ? null : porVersion.get(`${productoId}|${comparable(version)}`);
    if (versionId === undefined)
      throw new ApiError(400, `Versión: el producto «${producto}» no tiene la versión «${version}»`);
    return {
      ...resto,
      empresa_id: cliente === null ? null : clientes.get(comparable(cliente))!,
      producto_id: productoId,
      responsable_id: responsable === null ? null : responsables.get(comparable(responsable))!,
      version_id: versionId,
    };
  });
}

const buscar = (tx: Tx, ids: number[]) =>
  tx
    .select({ id: desarrollos.id, ...valores })
    .from(desarrollos)
    .innerJoin(productos, eq(productos.id, desarrollos.productoId))
    .leftJoin(clientes, eq(clientes.id, desarrollos.clienteId))
    .leftJoin(personas, eq(personas.id, desarrollos.responsableId))
    .leftJoin(versiones, eq(versiones.id, desarrollos.versionId))
    .where(inArray(desarrollos.id, ids));

/**
 * The developments' import: the export's columns. Nothing else in a development is unique, so the update mode finds
 * a row by the export's Id alone; a row without one is a new development, created pendiente as the form does.
 */
export const desarrollosImportacion: ImportacionSpec<DesarrolloImportado> = {
  tipo: 'desarrollos',
  etiqueta: 'desarrollos',
  ruta: '/api/desarrollos',
  permiso: 'DESARROLLOS#EDITAR',
  entidad: ENTIDAD,
  nombre: 'desarrollos',
  clave: CAMPO_ID,
  claveDe: () => null,
  campos: [
    campoId,
    {
      campo: 'titulo',
      titulo: 'Título',
      alias: ['asunto', 'pedido', 'desarrollo', 'title', 'subject', 'summary'],
      requerido: true,
      ejemplo: 'Exportar el libro IVA digital',
    },
    {
      campo: 'cliente',
      titulo: 'Cliente',
      alias: ['empresa', 'razon social', 'client', 'customer', 'company'],
      ejemplo: 'Interno',
    },
    {
      campo: 'producto',
      titulo: 'Producto',
      alias: ['codigo de producto', 'product', 'product code'],
      requerido: true,
      ejemplo: 'PHY-ERP',
    },
    {
      campo: 'estado',
      titulo: 'Estado',
      alias: ['state', 'status'],
      tipo: 'lista',
      opciones: DESARROLLO_ESTADO_NOMBRES,
      ejemplo: 'Pendiente',
    },
    {
      campo: 'prioridad',
      titulo: 'Prioridad',
      alias: ['priority', 'urgencia'],
      tipo: 'lista',
      opciones: DESARROLLO_PRIORIDAD_NOMBRES,
      ejemplo: 'Media',
    },
    {
      campo: 'responsable',
      titulo: 'Responsable',
      alias: ['asignado', 'asignado a', 'owner', 'assignee', 'assigned to'],
      ejemplo: '',
    },
    {
      campo: 'horas_estimadas',
      titulo: 'Horas estimadas',
      alias: ['estimacion', 'horas estimacion', 'estimated hours', 'estimate'],
      tipo: 'numero',
      ejemplo: '16',
    },
    {
      campo: 'horas_reales',
      titulo: 'Horas reales',
      alias: ['horas', 'horas trabajadas', 'actual hours', 'hours spent'],
      tipo: 'numero',
      ejemplo: '',
    },
    {
      campo: 'fecha_solicitud',
      titulo: 'Solicitud',
      alias: ['fecha de solicitud', 'fecha solicitud', 'solicitado', 'requested', 'request date'],
      tipo: 'fecha',
      requerido: true,
      ejemplo: '2026-03-02',
    },
    {
      campo: 'fecha_compromiso',
      titulo: 'Compromiso',
      alias: ['fecha de compromiso', 'fecha comprometida', 'due', 'due date', 'committed date'],
      tipo: 'fecha',
      ejemplo: '2026-04-30',
    },
    {
      campo: 'fecha_entrega',
      titulo: 'Entrega',
      alias: ['fecha de entrega', 'entregado el', 'delivered', 'delivery date'],
      tipo: 'fecha',
      ejemplo: '',
    },
    { campo: 'version', titulo: 'Versión', alias: ['version', 'release', 'fixed in', 'sale en'], ejemplo: '' },
  ],
  esquema: desarrolloImportado,
  // The state is the board's: a new development starts pendiente, a stored one keeps its own.
  revisar: (v, existente) => {
    const estado = existente?.valores.estado as DesarrolloEstado | undefined;
    if (!estado)
      return v.estado && v.estado !== 'pendiente'
        ? ['Estado: un desarrollo nuevo empieza pendiente; se avanza en el tablero']
        : [];
    return v.estado !== estado ? ['Estado: se cambia en el tablero o en el desarrollo, no en la importación'] : [];
  },
  tabla: { tabla: desarrollos, id: desarrollos.id, actualizado: desarrollos.actualizado },
  existentes: async () => new Map(),
  existentesPorId: async (tx, ids) => new Map((await buscar(tx, ids)).map(({ id, ...v }) => [id, { id, valores: v }])),
  // Each new one with its first state row, signed by who imports, as the form writes it.
  crear: async (tx, filas, autor) => {
    const ids = await insertarFilas(tx, desarrollos, desarrollos.id, (await conIds(tx, filas)).map(columnas));
    if (ids.length > 0)
      await tx.insert(desarrolloEstados).values(
        ids.map((id) => ({
          desarrolloId: id,
          desde: null,
          hacia: 'pendiente' as const,
          usuarioId: autor.id,
          usuarioNombre: autor.nombre,
        })),
      );
    return ids;
  },
  actualizar: async (tx, id, v) => {
    const [conId] = await conIds(tx, [v]);
    await tx
      .update(desarrollos)
      .set({ ...columnas(conId!), actualizado: sql`now()` })
      .where(eq(desarrollos.id, id));
  },
  conflictos,
};
