import { z } from 'zod';
import { listQuery, paged, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { optionalText } from '@intranet/contract/shared/validators';
export {
  ACTUALIZACION_RESULTADOS,
  RESULTADO_ETIQUETA,
  type ActualizacionResultado,
} from '@intranet/contract/shared/entre-areas';
import { ACTUALIZACION_RESULTADOS, type ActualizacionResultado } from '@intranet/contract/shared/entre-areas';

// ---- Actualizaciones de clientes. Read CLIENTES#VER, write CLIENTES#EDITAR. ----

export const RESULTADO_COLOR: Readonly<Record<ActualizacionResultado, string>> = {
  ok: 'green',
  error: 'red',
  parcial: 'orange',
};

/**
 * The product whose installed version each client server keeps in `version_physis`: a correct update of it
 * moves that version forward.
 */
export const PRODUCTO_PHYSIS = 'PHY-ERP';

const FECHA_INVALIDA = 'Fecha inválida (aaaa-mm-dd)';
const id = (mensaje: string) => z.number({ error: mensaje }).int().positive(mensaje);
const optionalId = z
  .number()
  .int()
  .positive()
  .max(MAX_ID, 'Id inválido')
  .nullish()
  .transform((v) => v ?? null);

/**
 * `POST /api/actualizaciones`. `version_desde_id` may be left out: the server takes the version the server
 * had of that product. An `ok` update moves the server's installed version forward in the same transaction.
 */
export const actualizacionInput = z
  .object({
    servidor_id: id('Elija un servidor'),
    producto_id: id('Elija un producto'),
    version_desde_id: optionalId,
    version_hasta_id: id('Elija la versión instalada'),
    paquete_id: optionalId,
    fecha: z.iso.datetime({ offset: true, error: 'Fecha inválida' }),
    persona_id: optionalId,
    resultado: z.enum(ACTUALIZACION_RESULTADOS, { error: 'Elija el resultado' }),
    log: optionalText(100_000),
  })
  .strict()
  .refine((v) => v.version_desde_id === null || v.version_desde_id !== v.version_hasta_id, {
    path: ['version_hasta_id'],
    message: 'La versión instalada debe ser otra que la de origen',
  });

export const actualizacion = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  cliente: z.string(),
  servidor_id: z.number().int(),
  servidor: z.string(),
  producto_id: z.number().int(),
  producto: z.string(),
  version_desde_id: z.number().int().nullable(),
  version_desde: z.string().nullable(),
  version_hasta_id: z.number().int(),
  version_hasta: z.string(),
  paquete_id: z.number().int().nullable(),
  paquete: z.string().nullable(),
  fecha: z.string(),
  persona_id: z.number().int().nullable(),
  persona: z.string().nullable(),
  resultado: z.enum(ACTUALIZACION_RESULTADOS),
  log: z.string().nullable(),
});
export type Actualizacion = z.infer<typeof actualizacion>;

export const ACTUALIZACION_SORT = ['fecha', 'cliente', 'servidor', 'producto', 'version_hasta', 'resultado'] as const;
export const actualizacionListQuery = listQuery(ACTUALIZACION_SORT, {
  desde: z.iso.date({ error: FECHA_INVALIDA }).optional(),
  hasta: z.iso.date({ error: FECHA_INVALIDA }).optional(),
  empresa_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  producto_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  /** Updates that installed this version. */
  version_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  resultado: z.enum(ACTUALIZACION_RESULTADOS, { error: 'Resultado inválido' }).optional(),
});
export const actualizacionExportQuery = actualizacionListQuery.omit({ page: true, size: true });
export const actualizacionPage = paged(actualizacion);
/**
 * Bulk actions on the updates list: delete the records (the servers' versions stay, as one by one) and export them; an
 * update takes no edit.
 */
export const actualizacionLote = loteBody(actualizacionExportQuery, {});
export const actualizacionLoteExport = loteExportBody(actualizacionExportQuery);

/** A client behind the newest published version of a product, with its servers and how far behind. */
export const clienteDesactualizado = z.object({
  empresa_id: z.number().int(),
  cliente: z.string(),
  /** The most versions behind among its servers. */
  atraso: z.number().int().positive(),
  servidores: z.array(
    z.object({ id: z.number().int(), nombre: z.string(), version: z.string(), atraso: z.number().int().positive() }),
  ),
});

/** `GET /api/actualizaciones/desactualizados`: per product, its newest published version and the clients behind. */
export const productoDesactualizados = z.object({
  producto_id: z.number().int(),
  producto: z.string(),
  ultima_version: z.string(),
  clientes: z.array(clienteDesactualizado),
});
export type ProductoDesactualizados = z.infer<typeof productoDesactualizados>;
export const desactualizadosQuery = z
  .object({
    producto_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
    empresa_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  })
  .strict();

/** `GET /api/actualizaciones/opciones?empresa_id=`: what the form offers. */
export const actualizacionOpciones = z.object({
  servidores: z.array(
    z.object({
      id: z.number().int(),
      nombre: z.string(),
      empresa_id: z.number().int(),
      version_physis: z.string().nullable(),
    }),
  ),
  versiones: z.array(
    z.object({ id: z.number().int(), producto_id: z.number().int(), numero: z.string(), estado: z.string() }),
  ),
  /** Installer packages still listed, newest first: the form offers those of the chosen product. */
  paquetes: z.array(
    z.object({
      id: z.number().int(),
      nombre: z.string(),
      producto: z.string().nullable(),
      version: z.string().nullable(),
      canal: z.string().nullable(),
    }),
  ),
});
export const opcionesQuery = z
  .object({ empresa_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional() })
  .strict();
