import { z } from 'zod';
import { listQuery, paged, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { PERMISSION_CODES, PERMISSIONS, type PermissionCode } from '../../registry.ts';
import { optionalText, requiredText } from '@intranet/contract/shared/validators';

// ---- User accounts and roles, managed inside Personas (USUARIOS#ADMIN) ----

/** The code that administers accounts and roles; the last active user holding it is protected. */
export const ADMIN_CODE = 'USUARIOS#ADMIN' satisfies PermissionCode;

export const PASSWORD_MIN = 8;
const password = z
  .string({ error: 'Este campo es requerido' })
  .min(PASSWORD_MIN, `Mínimo ${PASSWORD_MIN} caracteres`)
  .max(200, 'Máximo 200 caracteres');

const usuarioNombre = z
  .string({ error: 'Este campo es requerido' })
  .trim()
  .min(3, 'Mínimo 3 caracteres')
  .max(50, 'Máximo 50 caracteres')
  .regex(/^[A-Za-z0-9._-]+$/, 'Solo letras sin acentos, números, punto, guion y guion bajo');

const rolIds = z
  .array(z.number().int().positive().max(MAX_ID, 'Id inválido'), { error: 'Roles inválidos' })
  .max(50, 'Máximo 50 roles');

/** `POST /api/usuarios`: an account for a person; without `password` one is generated and shown once. */
export const cuentaCreate = z
  .object({
    persona_id: z.number({ error: 'Elija una persona' }).int().positive('Elija una persona').max(MAX_ID, 'Id inválido'),
    usuario: usuarioNombre,
    password: z
      .union([z.literal(''), password])
      .nullish()
      .transform((v) => (v ? v : null)),
    roles: rolIds.default([]),
    activo: z.boolean().default(true),
  })
  .strict();
export type CuentaCreate = z.input<typeof cuentaCreate>;

/** `PUT /api/usuarios/:id`: name, roles and whether it may sign in. */
export const cuentaUpdate = z.object({ usuario: usuarioNombre, roles: rolIds, activo: z.boolean() }).strict();
export type CuentaUpdate = z.input<typeof cuentaUpdate>;

export const rolRef = z.object({ id: z.number().int(), nombre: z.string() });

export const cuenta = z.object({
  id: z.number().int(),
  usuario: z.string(),
  email: z.string().nullable(),
  nombre: z.string(),
  persona_id: z.number().int().nullable(),
  activo: z.boolean(),
  ultimo_ingreso: z.string().nullable(),
  roles: z.array(rolRef),
  /** Open sessions right now (deactivating revokes them all). */
  sesiones_activas: z.number().int(),
  creado: z.string(),
});
export type Cuenta = z.infer<typeof cuenta>;

/** Answer of creating an account or resetting its password: the generated password, shown once. */
export const cuentaConPassword = cuenta.extend({ password_generada: z.string().nullable() });
export type CuentaConPassword = z.infer<typeof cuentaConPassword>;

/** `PUT /api/usuarios/yo/password`: the signed-in user changes their own password. */
export const cambioPassword = z
  .object({
    actual: z.string({ error: 'Este campo es requerido' }).min(1, 'Este campo es requerido').max(500),
    nueva: password,
    confirmacion: z.string({ error: 'Este campo es requerido' }).min(1, 'Este campo es requerido'),
  })
  .strict()
  .refine((v) => v.nueva === v.confirmacion, { path: ['confirmacion'], message: 'Las contraseñas no coinciden' })
  .refine((v) => v.nueva !== v.actual, {
    path: ['nueva'],
    message: 'La nueva contraseña debe ser distinta de la actual',
  });
export type CambioPassword = z.input<typeof cambioPassword>;

// ---- Roles ----

export const rolInput = z
  .object({
    nombre: requiredText(60),
    descripcion: optionalText(500).transform((v) => v ?? ''),
    permisos: z
      .array(
        z.enum(PERMISSION_CODES as [PermissionCode, ...PermissionCode[]], { error: 'Código de permiso desconocido' }),
      )
      .max(PERMISSION_CODES.length)
      .transform((codes) => [...new Set(codes)]),
  })
  .strict();
export type RolInput = z.input<typeof rolInput>;

export const rol = z.object({
  id: z.number().int(),
  nombre: z.string(),
  descripcion: z.string(),
  permisos: z.array(z.string()),
  usuarios_count: z.number().int(),
  actualizado: z.string(),
});
export type Rol = z.infer<typeof rol>;

/** `GET /api/roles/:id`: the role and the accounts holding it. */
export const rolDetalle = rol.extend({
  usuarios: z.array(
    z.object({
      id: z.number().int(),
      usuario: z.string(),
      nombre: z.string(),
      persona_id: z.number().int().nullable(),
      activo: z.boolean(),
    }),
  ),
});
export type RolDetalle = z.infer<typeof rolDetalle>;

export const ROL_SORT = ['nombre', 'usuarios_count', 'actualizado'] as const;
export const rolListQuery = listQuery(ROL_SORT, {});
export const rolPage = paged(rol);
const rolExportQuery = rolListQuery.omit({ page: true, size: true });
/** Bulk actions on the roles list: delete those no account holds (the others refused as one by one). */
export const rolLote = loteBody(rolExportQuery, {});
export const rolLoteExport = loteExportBody(rolExportQuery);

/** The catalogue of permission codes grouped by area, in catalogue order: the role editor's checklist. */
export function permisosPorArea(): { area: string; permisos: { codigo: PermissionCode; descripcion: string }[] }[] {
  const grupos = new Map<string, { codigo: PermissionCode; descripcion: string }[]>();
  for (const codigo of PERMISSION_CODES) {
    const { area, descripcion } = PERMISSIONS[codigo];
    const grupo = grupos.get(area) ?? [];
    grupo.push({ codigo, descripcion });
    grupos.set(area, grupo);
  }
  return [...grupos].map(([area, permisos]) => ({ area, permisos }));
}
