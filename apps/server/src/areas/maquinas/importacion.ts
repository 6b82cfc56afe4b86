import { MAQUINA_ESTADO_NOMBRES, MAQUINA_TIPO_NOMBRES, maquinaInput } from '@intranet/contract/areas/maquinas';
import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { maquinas } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import type { Existente, ImportacionSpec } from '../../lists/importacion/spec.ts';
import { conflictos } from './conflicts.ts';
import { columnas, ENTIDAD } from './queries.ts';

type MaquinaValues = z.output<typeof maquinaInput>;

/** A machine's values in the contract's input shape, as stored. */
const valores = wireColumns(maquinas, [
  'nombre',
  'nro_inventario',
  'serie',
  'tipo',
  'fabricante',
  'modelo',
  'so',
  'so_version',
  'cpu',
  'ram_gb',
  'disco_gb',
  'ip',
  'mac',
  'ubicacion',
  'estado',
  'fecha_compra',
  'garantia_hasta',
  'notas',
]);

const enUso = (m: Existente | undefined) => m?.valores.estado === 'en_uso';

/** The machines' import: the export's columns, key nro_inventario. */
export const maquinasImportacion: ImportacionSpec<MaquinaValues> = {
  tipo: 'maquinas',
  etiqueta: 'maquinas',
  ruta: '/api/maquinas',
  permiso: 'PHY-MAQ#TODO',
  entidad: ENTIDAD,
  nombre: 'maquinas',
  clave: 'nro_inventario',
  normalizarClave: (v) => v.trim().toLowerCase(),
  campos: [
    {
      campo: 'nombre',
      titulo: 'Nombre',
      alias: ['name', 'equipo', 'maquina', 'machine'],
      requerido: true,
      ejemplo: 'NB-ADM-01',
    },
    {
      campo: 'nro_inventario',
      titulo: 'Nº de inventario',
      alias: ['nro inventario', 'numero de inventario', 'inventario', 'inventory', 'inventory number', 'asset tag'],
      ejemplo: 'INV-0001',
    },
    {
      campo: 'serie',
      titulo: 'Serie',
      alias: ['numero de serie', 'nro de serie', 'serial', 'serial number'],
      ejemplo: 'PF3XK2',
    },
    {
      campo: 'tipo',
      titulo: 'Tipo',
      alias: ['type'],
      tipo: 'lista',
      opciones: MAQUINA_TIPO_NOMBRES,
      requerido: true,
      ejemplo: 'Notebook',
    },
    {
      campo: 'fabricante',
      titulo: 'Fabricante',
      alias: ['marca', 'manufacturer', 'brand', 'vendor'],
      ejemplo: 'Lenovo',
    },
    { campo: 'modelo', titulo: 'Modelo', alias: ['model'], ejemplo: 'ThinkPad T14' },
    { campo: 'so', titulo: 'Sistema operativo', alias: ['so', 'os', 'operating system'], ejemplo: 'Windows' },
    {
      campo: 'so_version',
      titulo: 'Versión del SO',
      alias: ['version so', 'version del sistema operativo', 'os version'],
      ejemplo: '11 Pro',
    },
    { campo: 'cpu', titulo: 'CPU', alias: ['procesador', 'processor'], ejemplo: 'Intel Core i5' },
    {
      campo: 'ram_gb',
      titulo: 'RAM (GB)',
      alias: ['ram', 'memoria', 'memory', 'memoria gb', 'ram gb'],
      tipo: 'numero',
      ejemplo: '16',
    },
    {
      campo: 'disco_gb',
      titulo: 'Disco (GB)',
      alias: ['disco', 'disk', 'almacenamiento', 'storage', 'disk gb'],
      tipo: 'numero',
      ejemplo: '512',
    },
    { campo: 'ip', titulo: 'IP', alias: ['direccion ip', 'ip address'], ejemplo: '' },
    { campo: 'mac', titulo: 'MAC', alias: ['direccion mac', 'mac address'], ejemplo: '3C:52:82:0A:1B:2C' },
    {
      campo: 'ubicacion',
      titulo: 'Ubicación',
      alias: ['location', 'lugar', 'oficina', 'office'],
      ejemplo: 'Administración',
    },
    {
      campo: 'estado',
      titulo: 'Estado',
      alias: ['state', 'status'],
      tipo: 'lista',
      opciones: MAQUINA_ESTADO_NOMBRES,
      ejemplo: 'Disponible',
    },
    {
      campo: 'fecha_compra',
      titulo: 'Fecha de compra',
      alias: ['compra', 'comprada', 'purchase date', 'purchased'],
      tipo: 'fecha',
      ejemplo: '2025-03-01',
    },
    {
      campo: 'garantia_hasta',
      titulo: 'Garantía hasta',
      alias: ['garantia', 'warranty', 'warranty until', 'warranty end'],
      tipo: 'fecha',
      ejemplo: '2028-03-01',
    },
    { campo: 'notas', titulo: 'Notas', alias: ['notes', 'observaciones', 'comentarios', 'comments'], ejemplo: '' },
  ],
  esquema: maquinaInput,
  // «En uso» comes from «Asignar»: a new machine cannot start in it, an assigned one keeps it until «Devolver».
  revisar: (v, existente) => {
    if (enUso(existente) && v.estado !== 'en_uso')
      return ['Estado: la máquina está asignada; use «Devolver» para cambiar su estado'];
    if (!enUso(existente) && v.estado === 'en_uso') return ['Estado: «En uso» lo pone «Asignar»; elija otro estado'];
    return [];
  },
  tabla: { tabla: maquinas, id: maquinas.id, actualizado: maquinas.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await tx
      .select({ id: maquinas.id, ...valores })
      .from(maquinas)
      .where(inArray(sql`lower(${maquinas.nroInventario})`, claves));
    return new Map(filas.map(({ id, ...v }) => [(v.nro_inventario ?? '').toLowerCase(), { id, valores: v }]));
  },
  crear: (tx, filas) => insertarFilas(tx, maquinas, maquinas.id, filas.map(columnas)),
  actualizar: async (tx, id, v) => {
    await tx
      .update(maquinas)
      .set({ ...columnas(v), actualizado: sql`now()` })
      .where(eq(maquinas.id, id));
  },
  conflictos,
};
