// Messages the zod schemas and their zod-free twins (sign-in-parsers.ts) word alike. No zod here: the
// /login bundle imports this module.

export const REQUIRED = 'Este campo es requerido';
export const USERNAME_MAX = 'Máximo 200 caracteres';
export const PASSWORD_MAX = 'Máximo 500 caracteres';
