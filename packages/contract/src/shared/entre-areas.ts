import { z } from 'zod';
import { optionalText } from './validators.ts';

// What the schemas of several areas share: the enumerations one area defines and another reports on or
// filters by, and the spec's DNS reference; also what an area's contract shares with its payload module
// (areas/clientes/input.ts, areas/productos/input.ts, areas/versiones/input.ts), which must not import the
// contract that re-exports it. An area re-exports what it owns from here; areas never import one another.

// ---- Aplicaciones: release channels ----

export const APLICACION_CANALES = ['estable', 'beta'] as const;
export type AplicacionCanal = (typeof APLICACION_CANALES)[number];

// ---- Actualizaciones de clientes: results ----
export const ACTUALIZACION_RESULTADOS = ['ok', 'error', 'parcial'] as const;
export type ActualizacionResultado = (typeof ACTUALIZACION_RESULTADOS)[number];

export const RESULTADO_ETIQUETA: Readonly<Record<ActualizacionResultado, string>> = {
  ok: 'Correcta',
  error: 'Con error',
  parcial: 'Parcial',
};

// ---- Clientes: VAT conditions and provinces, and the fields the client's form and the list's bulk action
// both set ----
export const CONDICIONES_IVA = [
  'responsable_inscripto',
  'monotributo',
  'exento',
  'consumidor_final',
  'no_responsable',
] as const;
export type CondicionIva = (typeof CONDICIONES_IVA)[number];

/** The 24 jurisdictions, as the client form and the list's filter offer them. */
export const PROVINCIAS = [
  'Buenos Aires',
  'Catamarca',
  'Chaco',
  'Chubut',
  'Ciudad Autónoma de Buenos Aires',
  'Córdoba',
  'Corrientes',
  'Entre Ríos',
  'Formosa',
  'Jujuy',
  'La Pampa',
  'La Rioja',
  'Mendoza',
  'Misiones',
  'Neuquén',
  'Río Negro',
  'Salta',
  'San Juan',
  'San Luis',
  'Santa Cruz',
  'Santa Fe',
  'Santiago del Estero',
  'Tierra del Fuego',
  'Tucumán',
] as const;

/** A client's VAT condition as its form and the list's bulk action set it. */
export const clienteCondicionIva = z.enum(CONDICIONES_IVA, { error: 'Elija la condición de IVA' });

/** A client's province as its form and the list's bulk action set it: empty is none. */
export const clienteProvincia = z
  .union([z.literal(''), z.enum(PROVINCIAS)], { error: 'Provincia inválida' })
  .nullish()
  .transform((v) => (v ? v : null));

// ---- Productos: kinds, and the fields the product's form and the list's bulk action both set ----
/** Product kinds; the Spanish names the screens show live in the web's messages. */
export const PRODUCTO_TIPOS = ['escritorio', 'web', 'movil', 'servicio'] as const;
export type ProductoTipo = (typeof PRODUCTO_TIPOS)[number];

export const productoTipo = z.enum(PRODUCTO_TIPOS, { error: 'Tipo inválido' });
export const productoLinea = optionalText(80);
export const productoResponsable = optionalText(120);

// ---- Versiones: release channels ----
export const VERSION_CANALES = ['estable', 'beta', 'hotfix'] as const;
export type VersionCanal = (typeof VERSION_CANALES)[number];

// ---- Desarrollos: priorities ----
export const DESARROLLO_PRIORIDADES = ['baja', 'media', 'alta', 'urgente'] as const;
export type DesarrolloPrioridad = (typeof DESARROLLO_PRIORIDADES)[number];

export const DESARROLLO_PRIORIDAD_NOMBRES: Record<DesarrolloPrioridad, string> = {
  baja: 'Baja',
  media: 'Media',
  alta: 'Alta',
  urgente: 'Urgente',
};

// ---- Máquinas: kinds ----
export const MAQUINA_TIPOS = ['notebook', 'pc', 'servidor', 'vm'] as const;
export type MaquinaTipo = (typeof MAQUINA_TIPOS)[number];

export const MAQUINA_TIPO_NOMBRES: Record<MaquinaTipo, string> = {
  notebook: 'Notebook',
  pc: 'PC',
  servidor: 'Servidor',
  vm: 'Máquina virtual',
};

// ---- Vencimientos: states, quick filters and the months chart (clients' expiries and websites') ----
export const VENCIMIENTO_ESTADOS = ['vencido', 'critico', 'proximo', 'vigente'] as const;
export type VencimientoEstado = (typeof VENCIMIENTO_ESTADOS)[number];

/** Quick filters: already expired, due within N days (from today on), or everything. */
export const VENCIMIENTO_PLAZOS = ['vencidos', '7', '30', '60', '90', 'todos'] as const;
export type VencimientoPlazo = (typeof VENCIMIENTO_PLAZOS)[number];

/** `GET /api/vencimientos/:grupo/meses`: how many items fall due in each of the coming months. */
export const vencimientoMes = z.object({
  /** yyyy-mm */
  mes: z.string(),
  cantidad: z.number().int().nonnegative(),
});

export const vencimientoMeses = z.object({ vencidos: z.number().int().nonnegative(), meses: z.array(vencimientoMes) });
export type VencimientoMeses = z.infer<typeof vencimientoMeses>;

// ---- Servidores ----

/** A DNS entry as the specification's server shape carries it. */
/** An optional reference to another record by id: a positive whole number, or null when absent; `mensaje` otherwise. */
export const optionalId = (mensaje: string) =>
  z
    .number({ error: mensaje })
    .int(mensaje)
    .positive(mensaje)
    .nullish()
    .transform((v) => v ?? null);

export const dnsRef = z.object({ id: z.number().int(), host: z.string() });

// ---- Archivos ----

/** A SHA-256 as lower-case hex: the file's identity in the store and its download key. */
export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'Suma SHA-256 inválida');

/** The name a file is stored and downloaded under: no path, no control characters. */
export const nombreArchivo = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(200, 'Máximo 200 caracteres')
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what a file name may not hold.
  .refine((v) => !/[/\\\u0000-\u001f\u007f]/.test(v) && v !== '.' && v !== '..', 'Nombre de archivo inválido');

/** `?nombre=` of an upload whose body is the file's bytes (the file store's, an app's icon or APK). */
export const archivoUploadQuery = z.object({ nombre: nombreArchivo }).strict();
