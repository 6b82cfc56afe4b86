import { z } from 'zod';
import { idList, listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { hostname, ipAddress, optionalText, requiredText } from '@intranet/contract/shared/validators';
import {
  optionalId,
  VENCIMIENTO_ESTADOS,
  VENCIMIENTO_PLAZOS,
  vencimientoMeses,
} from '@intranet/contract/shared/entre-areas';

// ---- Sitios Webs. Read SUBPROD#VER, write SUBPROD#EDITAR. ----

/** The life of a site: live, under maintenance, down, retired (a retired site leaves the expiry grid). */
export const SITIO_ESTADOS = ['activo', 'mantenimiento', 'caido', 'baja'] as const;
export type SitioEstado = (typeof SITIO_ESTADOS)[number];

/**
 * The outcome of a "Verificar": certificate fine, readable but with a warning (expired, self-signed...), or no answer.
 */
export const VERIFICACION_RESULTADOS = ['ok', 'advertencia', 'error'] as const;
export type VerificacionResultado = (typeof VERIFICACION_RESULTADOS)[number];

/** What the two expiry rows of a site are. */
export const SITIO_VENCIMIENTO_TIPOS = ['ssl', 'dominio'] as const;
export type SitioVencimientoTipo = (typeof SITIO_VENCIMIENTO_TIPOS)[number];

const FECHA_INVALIDA = 'Fecha inválida (aaaa-mm-dd)';
const optionalFecha = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(z.union([z.null(), z.iso.date({ error: FECHA_INVALIDA })], { error: FECHA_INVALIDA }));

const URL_INVALIDA = 'URL inválida: debe empezar con https:// y tener un nombre de host válido';

/** Host and port "Verificar" connects to, from a site's URL (443 unless the URL names another). */
export function destinoDeUrl(url: string): { host: string; puerto: number } {
  const u = new URL(url);
  const host = u.hostname.startsWith('[') ? u.hostname.slice(1, -1) : u.hostname;
  return { host, puerto: u.port ? Number(u.port) : 443 };
}

/**
 * A site's address: https only, a valid host name or IP, no user or password; stored normalised
 * (`https://Www.Physis.com.ar` → `https://www.physis.com.ar/`).
 */
export const sitioUrl = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(1, 'Este campo es requerido')
  .max(500, 'Máximo 500 caracteres')
  .transform((v, ctx) => {
    let u: URL;
    try {
      u = new URL(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: URL_INVALIDA });
      return z.NEVER;
    }
    const { host } = destinoDeUrl(u.href);
    const hostValido = hostname.safeParse(host).success || ipAddress.safeParse(host).success;
    if (u.protocol !== 'https:' || !hostValido || u.username || u.password) {
      ctx.addIssue({
        code: 'custom',
        message: u.protocol !== 'https:' ? 'La URL debe empezar con https://' : URL_INVALIDA,
      });
      return z.NEVER;
    }
    return u.href;
  });

/** Create and update payload (`POST /api/sitios`, `PUT /api/sitios/:id`). */
export const sitioInput = z
  .object({
    nombre: requiredText(120),
    url: sitioUrl,
    /** The client the site belongs to; null for the company's own sites. */
    empresa_id: optionalId('Cliente inválido'),
    /** An own server (Servidores propios) that hosts it. */
    servidor_id: optionalId('Servidor inválido'),
    /** A DNS entry; it must belong to `servidor_id` when both are set. */
    dns_id: optionalId('Entrada DNS inválida'),
    estado: z.enum(SITIO_ESTADOS, { error: 'Estado inválido' }),
    ssl_vence: optionalFecha,
    ssl_emisor: optionalText(200),
    dominio_vence: optionalFecha,
    registrador: optionalText(120),
    notas: optionalText(5000),
  })
  .strict();
export type SitioInput = z.input<typeof sitioInput>;
export type SitioValues = z.output<typeof sitioInput>;

/** A site as the list answers it; `*_dias` count from today in Buenos Aires (negative = expired). */
export const sitioFila = z.object({
  id: z.number().int(),
  nombre: z.string(),
  url: z.string(),
  empresa_id: z.number().int().nullable(),
  cliente: z.string().nullable(),
  servidor_id: z.number().int().nullable(),
  servidor: z.string().nullable(),
  dns_id: z.number().int().nullable(),
  dns_host: z.string().nullable(),
  estado: z.enum(SITIO_ESTADOS),
  ssl_vence: z.string().nullable(),
  ssl_dias: z.number().int().nullable(),
  ssl_emisor: z.string().nullable(),
  dominio_vence: z.string().nullable(),
  dominio_dias: z.number().int().nullable(),
  registrador: z.string().nullable(),
  verificado_en: z.string().nullable(),
  verificacion_resultado: z.enum(VERIFICACION_RESULTADOS).nullable(),
  verificacion_mensaje: z.string().nullable(),
  creado: z.string(),
  actualizado: z.string(),
});
export type SitioFila = z.infer<typeof sitioFila>;

/** `GET /api/sitios/:id` and the create/update answers. */
export const sitio = sitioFila.extend({ notas: z.string().nullable() });
export type Sitio = z.infer<typeof sitio>;

export const SITIO_SORT = [
  'nombre',
  'url',
  'cliente',
  'servidor',
  'estado',
  'ssl_vence',
  'dominio_vence',
  'verificado_en',
  'actualizado',
] as const;
export const sitioListQuery = listQuery(SITIO_SORT, {
  empresa_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  /** Only the company's own sites (no client). */
  propios: queryBoolean.optional(),
  servidor_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  estado: z.enum(SITIO_ESTADOS, { error: 'Estado inválido' }).optional(),
  /** The state of the site's nearest expiry (SSL or domain), by the shared rule `estadoVencimiento`. */
  vencimiento: z.enum(VENCIMIENTO_ESTADOS, { error: 'Estado de vencimiento inválido' }).optional(),
});
export const sitioExportQuery = sitioListQuery.omit({ page: true, size: true });
/** Bulk actions on the sites list: delete, or set state or registrar. */
export const sitioLote = loteBody(sitioExportQuery, {
  estado: sitioInput.shape.estado,
  registrador: sitioInput.shape.registrador,
});
export const sitioLoteExport = loteExportBody(sitioExportQuery);
export const sitioPage = paged(sitioFila);

/** `POST /api/sitios/eliminar`, answered with how many went. */
export const sitioBulkDelete = idList;
export const sitioBulkDeleteResult = z.object({ eliminados: z.number().int().nonnegative() });

/** `GET /api/sitios/opciones`: the own servers with their DNS entries, for the form and the filter. */
export const sitioServidorOpcion = z.object({
  id: z.number().int(),
  nombre: z.string(),
  dnss: z.array(z.object({ id: z.number().int(), host: z.string() })),
});
export const sitioOpciones = z.object({ servidores: z.array(sitioServidorOpcion) });
export type SitioOpciones = z.infer<typeof sitioOpciones>;

// ---- Verificar ----

/** One "Verificar": what the TLS handshake with host:port found. Failed checks are stored too. */
export const verificacion = z.object({
  id: z.number().int(),
  sitio_id: z.number().int(),
  fecha: z.string(),
  resultado: z.enum(VERIFICACION_RESULTADOS),
  /** ok, vencido, autofirmado, no_confiable, host_no_coincide, dns, rechazada, tiempo, inalcanzable, tls... */
  codigo: z.string(),
  /** In Spanish, for staff: what happened and, when it failed, why. */
  mensaje: z.string(),
  host: z.string(),
  puerto: z.number().int(),
  valido_desde: z.string().nullable(),
  valido_hasta: z.string().nullable(),
  emisor: z.string().nullable(),
  sujeto: z.string().nullable(),
  sans: z.array(z.string()).nullable(),
  usuario: z.string().nullable(),
});
export type Verificacion = z.infer<typeof verificacion>;
export const verificaciones = z.array(verificacion);

/** `POST /api/sitios/:id/verificar`: the check and the site as it is now (ssl_vence, last check). */
export const verificarResultado = z.object({ verificacion, sitio });
export type VerificarResultado = z.infer<typeof verificarResultado>;

/** `POST /api/sitios/verificar`: "Verificar seleccionados", at most 50 at a time. */
export const MAX_VERIFICAR = 50;
export const verificarVarios = z
  .object({
    ids: z
      .array(z.number().int().positive().max(MAX_ID, 'Id inválido'))
      .min(1, 'Seleccione al menos uno')
      .max(MAX_VERIFICAR, `Máximo ${MAX_VERIFICAR} sitios por vez`),
  })
  .strict();
export const verificarVariosResultado = z.array(
  z.object({
    sitio_id: z.number().int(),
    nombre: z.string(),
    resultado: z.enum(VERIFICACION_RESULTADOS),
    mensaje: z.string(),
  }),
);
export type VerificarVariosResultado = z.infer<typeof verificarVariosResultado>;

// ---- The site-expiry grid (same colours as the clients' grids: `estadoVencimiento`) ----

export const SITIO_VENCIMIENTO_TIPO_ETIQUETA: Readonly<Record<SitioVencimientoTipo, string>> = {
  ssl: 'Certificado SSL',
  dominio: 'Dominio',
};

/** One row: a site's SSL certificate or its domain. `id` = sitio × 2 (+1 for the domain). */
export const sitioVencimiento = z.object({
  id: z.number().int(),
  sitio_id: z.number().int(),
  tipo: z.enum(SITIO_VENCIMIENTO_TIPOS),
  nombre: z.string(),
  url: z.string(),
  empresa_id: z.number().int().nullable(),
  cliente: z.string().nullable(),
  /** The certificate's issuer or the domain's registrar. */
  detalle: z.string().nullable(),
  vence: z.string(),
  dias: z.number().int(),
});
export type SitioVencimiento = z.infer<typeof sitioVencimiento>;

export const SITIO_VENCIMIENTO_SORT = ['vence', 'nombre', 'cliente', 'tipo'] as const;
export const sitioVencimientoListQuery = listQuery(SITIO_VENCIMIENTO_SORT, {
  plazo: z.enum(VENCIMIENTO_PLAZOS, { error: 'Plazo inválido' }).optional(),
  tipo: z.enum(SITIO_VENCIMIENTO_TIPOS, { error: 'Tipo inválido' }).optional(),
  empresa_id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  propios: queryBoolean.optional(),
});
export const sitioVencimientoExportQuery = sitioVencimientoListQuery.omit({ page: true, size: true });
export const sitioVencimientoPage = paged(sitioVencimiento);
/**
 * `POST /api/sitios/vencimientos/lote/export.csv`: the chosen rows, or all that match the grid's
 * filter, in the grid's CSV. Export only: the rows are the sites' dates, changed on the site itself.
 */
export const sitioVencimientoLoteExport = loteExportBody(sitioVencimientoExportQuery);

/** `GET /api/sitios/vencimientos/meses`: the clients' month-chart shape. */
export const sitioVencimientoMeses = vencimientoMeses;
