// Messages the zod schemas and their zod-free twins (sign-in-parsers.ts) word alike. No zod here: the
// /login bundle imports this module.

export const REQUIRED = 'Este campo es requerido';
export const USERNAME_MAX = 'Máximo 200 caracteres';
export const PASSWORD_MAX = 'Máximo 500 caracteres';

/**
 * The 503 answer's message while the site is in maintenance, and the title of /maintenance (the specification fixes
 * this text).
 */
export const MANTENIMIENTO = 'El sitio esta en mantenimiento';
