import { productoInput, type ProductoValues } from '@intranet/contract/areas/productos';
import { eq, inArray, sql } from 'drizzle-orm';
import { productos } from '../../db/schema.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import type { ImportacionSpec } from '../../lists/importacion/spec.ts';
import { conflictos } from './conflicts.ts';
import { columnas, ENTIDAD, TIPO_NOMBRES, valoresProducto } from './queries.ts';

const minusculas = (v: string) => v.trim().toLowerCase();

/** The products' import: the export's columns, key the code (unique whatever its case). */
export const productosImportacion: ImportacionSpec<ProductoValues> = {
  tipo: 'productos',
  etiqueta: 'productos',
  ruta: '/api/productos',
  permiso: 'PROD#EDITAR',
  entidad: ENTIDAD,
  nombre: 'productos',
  clave: 'codigo',
  normalizarClave: minusculas,
  campos: [
    {
      campo: 'codigo',
      titulo: 'Código',
      alias: ['codigo de producto', 'code', 'product code', 'sku'],
      requerido: true,
      ejemplo: 'PHX-ERP',
    },
    {
      campo: 'nombre',
      titulo: 'Nombre',
      alias: ['producto', 'product', 'name', 'product name'],
      requerido: true,
      ejemplo: 'Physis ERP',
    },
    {
      campo: 'linea',
      titulo: 'Línea',
      alias: ['linea de producto', 'familia', 'line', 'product line', 'family'],
      ejemplo: 'Gestión',
    },
    {
      campo: 'tipo',
      titulo: 'Tipo',
      alias: ['type', 'kind'],
      tipo: 'lista',
      opciones: TIPO_NOMBRES,
      requerido: true,
      ejemplo: 'Escritorio',
    },
    { campo: 'activo', titulo: 'Activo', alias: ['activa', 'active', 'enabled'], tipo: 'booleano', ejemplo: 'Sí' },
    {
      campo: 'responsable',
      titulo: 'Responsable',
      alias: ['owner', 'product owner', 'manager', 'a cargo'],
      ejemplo: 'Ana Pérez',
    },
  ],
  esquema: productoInput,
  tabla: { tabla: productos, id: productos.id, actualizado: productos.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    // Its description too (kept: the export has none).
    const filas = await tx
      .select({ id: productos.id, ...valoresProducto })
      .from(productos)
      .where(inArray(sql`lower(${productos.codigo})`, claves));
    return new Map(filas.map(({ id, ...v }) => [minusculas(v.codigo), { id, valores: v }]));
  },
  crear: (tx, filas) => insertarFilas(tx, productos, productos.id, filas.map(columnas)),
  actualizar: async (tx, id, v) => {
    await tx
      .update(productos)
      .set({ ...columnas(v), actualizado: sql`now()` })
      .where(eq(productos.id, id));
  },
  conflictos,
};
