import {
  VERSION_ESTADOS,
  versionInput,
  type VersionCanal,
  type VersionEstado,
} from '@intranet/contract/areas/versiones';
import { requiredText } from '@intranet/contract/shared/validators';
import { versionOrden } from '@intranet/contract/shared/version-numero';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { productos, versiones } from '../../db/schema.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import { comparable, productosPorNombre } from '../../lists/importacion/referencias.ts';
import type { Existente, ImportacionSpec } from '../../lists/importacion/spec.ts';
import { conflictos } from './conflicts.ts';
import { columnas, ENTIDAD } from './queries.ts';

/**
 * A version as imported: its product by code or name (the export writes the name) instead of by id, and its state
 * as the export writes it, only to be checked: «Publicar» and «Retirar» change it, never a file.
 */
const versionImportada = versionInput.omit({ producto_id: true }).extend({
  producto: requiredText(120),
  estado: z.enum(VERSION_ESTADOS, { error: 'Estado inválido' }).optional(),
});
type VersionImportada = z.output<typeof versionImportada>;

const CANAL_NOMBRES: Record<VersionCanal, string> = { estable: 'Estable', beta: 'Beta', hotfix: 'Hotfix' };
const ESTADO_NOMBRES: Record<VersionEstado, string> = {
  borrador: 'Borrador',
  publicada: 'Publicada',
  retirada: 'Retirada',
};

/** The key: a version number is unique within its product, whatever its case. */
const claveVersion = (producto: unknown, numero: unknown): string | null =>
  typeof producto === 'string' && typeof numero === 'string' && producto.trim() && numero.trim()
    ? `${comparable(producto)}|${comparable(numero)}`
    : null;

const valores = { numero: versiones.numero, canal: versiones.canal, estado: versiones.estado, notas: versiones.notas };

const estadoDe = (e: Existente | undefined) => e?.valores.estado as VersionEstado | undefined;

/** The versions' import: the export's columns, key the product (code or name) and the number. */
export const versionesImportacion: ImportacionSpec<VersionImportada> = {
  tipo: 'versiones',
  etiqueta: 'versiones',
  ruta: '/api/versiones',
  permiso: 'VERSIONES#EDITAR',
  entidad: ENTIDAD,
  nombre: 'versiones',
  clave: 'numero',
  claveDe: (c) => claveVersion(c.producto, c.numero),
  claveTitulo: 'producto y versión',
  campos: [
    {
      campo: 'producto',
      titulo: 'Producto',
      alias: ['codigo de producto', 'product', 'product code', 'product name'],
      requerido: true,
      ejemplo: 'PHY-ERP',
    },
    {
      campo: 'numero',
      titulo: 'Versión',
      alias: ['numero', 'numero de version', 'nro de version', 'version number', 'release'],
      requerido: true,
      ejemplo: '3.14.0',
    },
    {
      campo: 'canal',
      titulo: 'Canal',
      alias: ['channel', 'release channel'],
      tipo: 'lista',
      opciones: CANAL_NOMBRES,
      requerido: true,
      ejemplo: 'Estable',
    },
    {
      campo: 'estado',
      titulo: 'Estado',
      alias: ['state', 'status'],
      tipo: 'lista',
      opciones: ESTADO_NOMBRES,
      ejemplo: 'Borrador',
    },
  ],
  esquema: versionImportada,
  // The state is the actions': a new version starts as a draft, a stored one keeps its own; a retired one is read-only.
  revisar: (v, existente) => {
    const estado = estadoDe(existente);
    if (!estado)
      return v.estado && v.estado !== 'borrador'
        ? ['Estado: una versión nueva empieza en borrador; se publica con «Publicar»']
        : [];
    if (v.estado !== estado) return ['Estado: lo cambian «Publicar» y «Retirar», no la importación'];
    const cambia = v.numero !== existente!.valores.numero || v.canal !== existente!.valores.canal;
    return estado === 'retirada' && cambia ? ['Una versión retirada no se modifica; vuelva a publicarla primero'] : [];
  },
  tabla: { tabla: versiones, id: versiones.id, actualizado: versiones.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const pares = claves.map((c) => [c.slice(0, c.lastIndexOf('|')), c.slice(c.lastIndexOf('|') + 1)] as const);
    const nombres = [...new Set(pares.map(([p]) => p))];
    const filas = await tx
      .select({ id: versiones.id, codigo: productos.codigo, producto: productos.nombre, ...valores })
      .from(versiones)
      .innerJoin(productos, eq(productos.id, versiones.productoId))
      .where(
        and(
          inArray(sql`lower(${versiones.numero})`, [...new Set(pares.map(([, n]) => n))]),
          or(inArray(sql`lower(${productos.codigo})`, nombres), inArray(sql`lower(${productos.nombre})`, nombres)),
        ),
      );
    // A product is named by its code or its name; a name two products share finds neither (creating it says why).
    const buscadas = new Set(claves);
    const porClave = new Map<string, Existente>();
    const repetidas = new Set<string>();
    for (const { id, codigo, producto, ...v } of filas) {
      for (const nombre of new Set([codigo, producto])) {
        const clave = claveVersion(nombre, v.numero)!;
        if (!buscadas.has(clave)) continue;
        if (porClave.has(clave) && porClave.get(clave)!.id !== id) repetidas.add(clave);
        porClave.set(clave, { id, valores: { producto: nombre, ...v } });
      }
    }
    for (const clave of repetidas) porClave.delete(clave);
    return porClave;
  },
  // The key names the product, so only the number's case and the channel can change.
  sinCambios: (existente, v) => existente.valores.numero === v.numero && existente.valores.canal === v.canal,
  crear: async (tx, filas) => {
    const ids = await productosPorNombre(
      tx,
      filas.map((f) => f.producto),
      'Producto',
    );
    return insertarFilas(
      tx,
      versiones,
      versiones.id,
      filas.map(({ producto, estado: _estado, ...v }) =>
        columnas({ ...v, producto_id: ids.get(comparable(producto))! }),
      ),
    );
  },
  actualizar: async (tx, id, v) => {
    await tx
      .update(versiones)
      .set({ numero: v.numero, orden: versionOrden(v.numero), canal: v.canal, notas: v.notas, actualizado: sql`now()` })
      .where(eq(versiones.id, id));
  },
  conflictos,
};
