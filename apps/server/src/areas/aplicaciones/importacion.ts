import { aplicacionInput, type AplicacionValues } from '@intranet/contract/areas/aplicaciones';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { aplicaciones, aplicacionVersiones } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import type { ImportacionSpec } from '../../lists/importacion/spec.ts';
import { ApiError } from '../../core/api-error.ts';
import { conflictos } from './conflicts.ts';
import { MENSAJES } from './messages.ts';
import { columnas, ENTIDAD } from './queries.ts';

/** An app's values in the contract's input shape, as stored (description and icon kept: the export has neither). */
const valores = wireColumns(aplicaciones, [
  'package_name',
  'nombre',
  'resumen',
  'descripcion',
  'icono_id',
  'categoria',
  'publicada',
]);

const minusculas = (v: string) => v.trim().toLowerCase();

/** The apps' import: the export's columns (its versions come from their APKs), key the package name. */
export const aplicacionesImportacion: ImportacionSpec<AplicacionValues> = {
  tipo: 'aplicaciones',
  etiqueta: 'aplicaciones',
  ruta: '/api/aplicaciones',
  permiso: 'APP#EDITAR',
  entidad: ENTIDAD,
  nombre: 'aplicaciones',
  clave: 'package_name',
  normalizarClave: minusculas,
  campos: [
    {
      campo: 'nombre',
      titulo: 'Nombre',
      alias: ['aplicacion', 'app', 'application', 'name', 'app name'],
      requerido: true,
      ejemplo: 'Physis Móvil',
    },
    {
      campo: 'package_name',
      titulo: 'Paquete',
      alias: ['nombre de paquete', 'package', 'package name', 'application id', 'app id', 'bundle id'],
      requerido: true,
      ejemplo: 'com.physis.movil',
    },
    { campo: 'categoria', titulo: 'Categoría', alias: ['category', 'rubro'], ejemplo: 'Ventas' },
    {
      campo: 'resumen',
      titulo: 'Resumen',
      alias: ['descripcion corta', 'summary', 'short description', 'subtitle'],
      ejemplo: 'Pedidos y cobranzas en la calle',
    },
    {
      campo: 'publicada',
      titulo: 'Publicada',
      alias: ['publicado', 'published', 'visible', 'en la tienda'],
      tipo: 'booleano',
      ejemplo: 'No',
    },
  ],
  esquema: aplicacionInput,
  tabla: { tabla: aplicaciones, id: aplicaciones.id, actualizado: aplicaciones.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: aplicaciones.id, ...valores })
      .from(aplicaciones)
      .where(inArray(sql`lower(${aplicaciones.packageName})`, claves));
    return new Map(filas.map(({ id, ...v }) => [minusculas(v.package_name), { id, valores: v }]));
  },
  crear: (tx, filas) => insertarFilas(tx, aplicaciones, aplicaciones.id, filas.map(columnas)),
  // As the form: every version's manifest names the package, so once there are versions even its case is fixed.
  actualizar: async (tx, id, v) => {
    const [antes] = await tx
      .select({ paquete: aplicaciones.packageName })
      .from(aplicaciones)
      .where(eq(aplicaciones.id, id));
    if (antes && antes.paquete !== v.package_name) {
      const [subidas] = await tx
        .select({ n: count() })
        .from(aplicacionVersiones)
        .where(eq(aplicacionVersiones.aplicacionId, id));
      if ((subidas?.n ?? 0) > 0) throw new ApiError(409, MENSAJES.paqueteFijo);
    }
    await tx
      .update(aplicaciones)
      .set({ ...columnas(v), actualizado: sql`now()` })
      .where(eq(aplicaciones.id, id));
  },
  conflictos,
};
