import { LICENCIA_TIPO_ETIQUETA, licenciaInput } from '@intranet/contract/areas/clientes/vencimientos';
import { cuit, formatCuit } from '@intranet/contract/shared/cuit';
import { requiredText } from '@intranet/contract/shared/validators';
import { eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { clientes, physisLicencias, productos } from '../../../db/schema.ts';
import { columnValues, wireColumns } from '../../../db/wire.ts';
import { campoId, type Existente, type ImportacionSpec } from '../../../lists/importacion/spec.ts';
import { ApiError } from '../../../core/api-error.ts';
import { conflictos } from '../conflicts.ts';
import { ENTIDAD } from './queries.ts';

/** A licence as a spreadsheet has it: its client by CUIT and its product by code or name, instead of their ids. */
const { empresa_id: _cliente, producto_id: _producto, contacto_id: _contacto, ...campos } = licenciaInput.shape;
const licenciaImportada = z.object({ cuit, producto: requiredText(100), ...campos }).strict();
type LicenciaValues = z.output<typeof licenciaImportada>;

const minusculas = (v: string) => v.trim().toLowerCase();

const valores = {
  cuit: clientes.cuit,
  producto: productos.codigo,
  ...wireColumns(physisLicencias, [
    'modulo',
    'tipo',
    'usuarios',
    'serial',
    'inicio',
    'vence',
    'baja',
    'renovacion_auto',
  ]),
};

/**
 * The rows with their client's and product's ids, each checked by the contract's licence schema (a yearly licence
 * needs its expiry, dates in order): what it refuses, or an unknown CUIT or product, refuses the row.
 */
async function conIds(tx: Tx, filas: LicenciaValues[]) {
  const cuits = [...new Set(filas.map((f) => f.cuit))];
  const nombres = [...new Set(filas.map((f) => minusculas(f.producto)))];
  const clientePorCuit = new Map(
    (await tx.select({ id: clientes.id, cuit: clientes.cuit }).from(clientes).where(inArray(clientes.cuit, cuits))).map(
      (e) => [e.cuit, e.id],
    ),
  );
  const prods = await tx
    .select({ id: productos.id, codigo: productos.codigo, nombre: productos.nombre })
    .from(productos)
    .where(or(inArray(sql`lower(${productos.codigo})`, nombres), inArray(sql`lower(${productos.nombre})`, nombres)));
  const producto = new Map(
    prods.flatMap((p) => [[minusculas(p.nombre), p.id] as const, [minusculas(p.codigo), p.id] as const]),
  );
  return filas.map((f) => {
    const clienteId = clientePorCuit.get(f.cuit);
    if (clienteId === undefined)
      throw new ApiError(400, `CUIT del cliente: no hay un cliente con el CUIT ${formatCuit(f.cuit)}`);
    const productoId = producto.get(minusculas(f.producto));
    if (productoId === undefined) throw new ApiError(400, `Producto: no hay un producto «${f.producto}»`);
    const { cuit: _c, producto: _p, ...resto } = f;
    const v = licenciaInput.safeParse({ ...resto, empresa_id: clienteId, producto_id: productoId });
    if (!v.success) throw new ApiError(400, v.error.issues.map((i) => i.message).join('; '));
    // A spreadsheet has no contact: an update leaves the licence's as it is.
    const { contacto_id: _contacto, ...datos } = v.data;
    return columnValues(physisLicencias, datos);
  });
}

/** The stored licences these conditions find, in id order, with their values as a row of the import has them. */
async function buscar(tx: Tx, where: SQL): Promise<Existente[]> {
  const filas = await tx
    .select({ id: physisLicencias.id, ...valores })
    .from(physisLicencias)
    .innerJoin(clientes, eq(clientes.id, physisLicencias.clienteId))
    .innerJoin(productos, eq(productos.id, physisLicencias.productoId))
    .where(where)
    .orderBy(physisLicencias.id);
  return filas.map(({ id, ...v }) => ({ id, valores: v }));
}

/**
 * The Physis licences' import: each row names its client by CUIT and its product; key serial, and the
 * export's Id before it (a licence without serial finds itself again).
 */
export const licenciasImportacion: ImportacionSpec<LicenciaValues> = {
  tipo: 'licencias',
  etiqueta: 'vencimientos',
  ruta: '/api/vencimientos/licencias',
  permiso: 'CLIENTES#EDITAR',
  entidad: ENTIDAD.licencia,
  nombre: 'licencias-physis',
  clave: 'serial',
  normalizarClave: minusculas,
  campos: [
    campoId,
    {
      campo: 'cuit',
      titulo: 'CUIT',
      alias: ['cuit del cliente', 'cliente', 'client tax id'],
      requerido: true,
      ejemplo: '30-71234567-1',
    },
    {
      campo: 'producto',
      titulo: 'Producto',
      alias: ['codigo de producto', 'product', 'sistema'],
      requerido: true,
      ejemplo: 'PHY-ERP',
    },
    { campo: 'modulo', titulo: 'Módulo', alias: ['modulo', 'module'], ejemplo: 'Contabilidad' },
    {
      campo: 'tipo',
      titulo: 'Tipo',
      alias: ['tipo de licencia', 'type', 'license type'],
      tipo: 'lista',
      opciones: LICENCIA_TIPO_ETIQUETA,
      requerido: true,
      ejemplo: 'Anual',
    },
    {
      campo: 'usuarios',
      titulo: 'Usuarios',
      alias: ['cantidad de usuarios', 'users', 'seats'],
      tipo: 'numero',
      requerido: true,
      ejemplo: '10',
    },
    {
      campo: 'serial',
      titulo: 'Serial',
      alias: ['numero de serie', 'serie', 'license key', 'clave'],
      ejemplo: 'PHY-2026-0001',
    },
    {
      campo: 'inicio',
      titulo: 'Inicio',
      alias: ['desde', 'fecha de inicio', 'start', 'start date'],
      tipo: 'fecha',
      requerido: true,
      ejemplo: '2026-01-01',
    },
    {
      campo: 'vence',
      titulo: 'Vence',
      alias: ['vencimiento', 'hasta', 'expires', 'expiry', 'end date'],
      tipo: 'fecha',
      ejemplo: '2026-12-31',
    },
    { campo: 'baja', titulo: 'Baja', alias: ['fecha de baja', 'cancelled', 'canceled'], tipo: 'fecha', ejemplo: '' },
    {
      campo: 'renovacion_auto',
      titulo: 'Renovación automática',
      alias: ['renovacion', 'auto renew', 'autorenew'],
      tipo: 'booleano',
      ejemplo: 'No',
    },
  ],
  esquema: licenciaImportada,
  tabla: { tabla: physisLicencias, id: physisLicencias.id, actualizado: physisLicencias.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const porSerial = new Map<string, Existente>();
    for (const e of await buscar(tx, inArray(sql`lower(${physisLicencias.serial})`, claves))) {
      const clave = minusculas(String(e.valores.serial ?? ''));
      if (!porSerial.has(clave)) porSerial.set(clave, e);
    }
    return porSerial;
  },
  existentesPorId: async (tx, ids) =>
    new Map((await buscar(tx, inArray(physisLicencias.id, ids))).map((e) => [e.id, e])),
  crear: async (tx, filas) => {
    const nuevas = await conIds(tx, filas);
    return (await tx.insert(physisLicencias).values(nuevas).returning({ id: physisLicencias.id })).map((r) => r.id);
  },
  actualizar: async (tx, id, v) => {
    const [fila] = await conIds(tx, [v]);
    await tx
      .update(physisLicencias)
      .set({ ...fila!, actualizado: sql`now()` })
      .where(eq(physisLicencias.id, id));
  },
  conflictos,
};
