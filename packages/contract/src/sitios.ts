// ---- Sitios Webs (AREAS.md "Soluciones"; issue 8). Read SUBPROD#VER, write SUBPROD#EDITAR. ----

/** The life of a site: live, under maintenance, down, retired (a retired site leaves the expiry grid). */
export const SITIO_ESTADOS = ['activo', 'mantenimiento', 'caido', 'baja'] as const;
export type SitioEstado = (typeof SITIO_ESTADOS)[number];

/** The outcome of a "Verificar": certificate fine, readable but with a warning (expired, self-signed...), or no answer. */
export const VERIFICACION_RESULTADOS = ['ok', 'advertencia', 'error'] as const;
export type VerificacionResultado = (typeof VERIFICACION_RESULTADOS)[number];

/** What the two expiry rows of a site are. */
export const SITIO_VENCIMIENTO_TIPOS = ['ssl', 'dominio'] as const;
export type SitioVencimientoTipo = (typeof SITIO_VENCIMIENTO_TIPOS)[number];
