import { z } from 'zod';
import { envelope } from '@intranet/contract/shared/envelope';
import { listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { richTextDocument } from '@intranet/contract/shared/rich-text-document';
import {
  CONDICIONES_IVA,
  dnsRef,
  clienteCondicionIva,
  clienteProvincia,
  optionalId,
  PROVINCIAS,
} from '@intranet/contract/shared/entre-areas';
import {
  hostname,
  optionalHostname,
  optionalIp,
  optionalText,
  requiredText,
} from '@intranet/contract/shared/validators';

// ---- Clientes. Read CLIENTES#VER, write CLIENTES#EDITAR. ----

export { cuitDigits, formatCuit, isValidCuit } from '@intranet/contract/shared/cuit';

// ---- Clientes ----

export { CONDICIONES_IVA, PROVINCIAS, type CondicionIva } from '@intranet/contract/shared/entre-areas';
export { clienteInput, type ClienteInput, type ClienteValues } from './clientes/input.ts';

/** The next expiry of a client (Vencimientos AFIP/Physis); null until those sections record one. */
export const proximoVencimiento = z.object({ fecha: z.string(), tipo: z.string(), item: z.string() });

/** A client as the list answers it. */
export const clienteFila = z.object({
  id: z.number().int(),
  razon_social: z.string(),
  nombre_fantasia: z.string().nullable(),
  cuit: z.string(),
  condicion_iva: z.enum(CONDICIONES_IVA),
  localidad: z.string().nullable(),
  provincia: z.string().nullable(),
  activo: z.boolean(),
  servidores_count: z.number().int(),
  /** The highest version_physis of its servers. */
  version_physis: z.string().nullable(),
  proximo_vencimiento: proximoVencimiento.nullable(),
  actualizado: z.string(),
});
export type ClienteFila = z.infer<typeof clienteFila>;

/** `GET /api/empresas/:id` and the create/update answers. */
export const cliente = clienteFila.extend({
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  domicilio: z.string().nullable(),
  contacto_id: z.number().int().nullable(),
  contacto_nombre: z.string().nullable(),
  notas: richTextDocument,
  fecha_alta: z.string(),
  creado: z.string(),
});
export type Cliente = z.infer<typeof cliente>;

export const CLIENTE_SORT = [
  'razon_social',
  'cuit',
  'localidad',
  'provincia',
  'servidores_count',
  'version_physis',
  'proximo_vencimiento',
  'activo',
  'actualizado',
] as const;
export const clienteListQuery = listQuery(CLIENTE_SORT, {
  provincia: z.enum(PROVINCIAS, { error: 'Provincia inválida' }).optional(),
  activo: queryBoolean.optional(),
  condicion_iva: z.enum(CONDICIONES_IVA, { error: 'Condición de IVA inválida' }).optional(),
  /** The clients whose contact is this person (the person's "Clientes" tab). */
  contacto_id: z.coerce
    .number({ error: 'Contacto inválido' })
    .int('Contacto inválido')
    .positive('Contacto inválido')
    .max(MAX_ID, 'Contacto inválido')
    .optional(),
});
export const clientePage = paged(clienteFila);
export const clienteExportQuery = clienteListQuery.omit({ page: true, size: true });
/** Bulk actions on the clients list: delete, or set active, province or VAT condition. */
export const clienteLote = loteBody(clienteExportQuery, {
  activo: z.boolean(),
  provincia: clienteProvincia,
  condicion_iva: clienteCondicionIva,
  localidad: optionalText(100),
});
export const clienteLoteExport = loteExportBody(clienteExportQuery);

/** `GET /api/empresas/opciones?q=`: clients for selects (Instalaciones, other areas). */
export const clienteOpcionesQuery = z
  .object({
    q: z.string().trim().max(200).optional(),
    id: z.coerce.number().int().positive().max(MAX_ID, 'Id inválido').optional(),
  })
  .strict();
export const clienteOpcion = z.object({
  id: z.number().int(),
  razon_social: z.string(),
  cuit: z.string(),
  activo: z.boolean(),
});
export type ClienteOpcion = z.infer<typeof clienteOpcion>;
export const clienteOpciones = z.array(clienteOpcion);

// ---- Servidores de cliente ----

/** Create and update payload (`POST /api/empresas/:id/servidores`, `PUT /api/empresas/:id/servidores/:servidorId`). */
export const servidorClienteInput = z
  .object({
    nombre: requiredText(100),
    hostname: optionalHostname,
    ip: optionalIp,
    puerto: z
      .union([z.literal(''), z.number({ error: 'Debe ser un número' })], { error: 'Debe ser un número' })
      .nullish()
      .transform((v) => (v === '' || v === undefined ? null : v))
      .pipe(
        z.union([
          z.null(),
          z
            .number()
            .int('Debe ser un número entero')
            .min(1, 'El puerto va de 1 a 65535')
            .max(65535, 'El puerto va de 1 a 65535'),
        ]),
      ),
    so: optionalText(100),
    motor_bd: optionalText(100),
    instancia_bd: optionalText(100),
    version_physis: z
      .string()
      .trim()
      .nullish()
      .transform((v) => (v ? v : null))
      .pipe(z.union([z.null(), z.string().regex(/^[0-9]+(\.[0-9]+){1,3}$/, 'Versión inválida (por ejemplo 8.4.2)')])),
    notas: optionalText(5000),
    dnss: z.array(hostname).max(50, 'Máximo 50 nombres').default([]),
  })
  .strict();
export type ServidorClienteInput = z.input<typeof servidorClienteInput>;

/** A client's server: the spec's shape (`nombre`, `dnss` of `{id, host}`) plus its own fields. */
export const servidorCliente = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  nombre: z.string(),
  hostname: z.string().nullable(),
  ip: z.string().nullable(),
  puerto: z.number().int().nullable(),
  so: z.string().nullable(),
  motor_bd: z.string().nullable(),
  instancia_bd: z.string().nullable(),
  version_physis: z.string().nullable(),
  notas: z.string().nullable(),
  actualizado: z.string(),
  dnss: z.array(dnsRef),
});
export type ServidorCliente = z.infer<typeof servidorCliente>;

/** `GET {api}/api/empresas/{id}/servidores` (the specification's shape): `datos` is the company's servers. */
export const servidoresClienteResponse = envelope(z.array(servidorCliente));

// ---- Instalaciones: parameters ----

export const PARAMETRO_TIPOS = ['texto', 'numero', 'booleano', 'ruta', 'url', 'secreto'] as const;
export type ParametroTipo = (typeof PARAMETRO_TIPOS)[number];

const RUTA = /^(?:[A-Za-z]:[\\/]|\\\\[^\\/]+[\\/]|\/|~\/)/;
const URL_RE = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** The message for a value that does not fit its parameter's type; null when it fits. */
export function errorDeValor(tipo: ParametroTipo, valor: string): string | null {
  switch (tipo) {
    case 'numero':
      return /^-?[0-9]+([.,][0-9]+)?$/.test(valor) ? null : 'Debe ser un número';
    case 'booleano':
      return valor === 'true' || valor === 'false' ? null : 'Debe ser sí o no';
    case 'ruta':
      return RUTA.test(valor) ? null : 'Ruta inválida (C:\\carpeta, \\\\servidor\\recurso o /carpeta)';
    case 'url':
      return URL_RE.test(valor) ? null : 'URL inválida (http:// o https://)';
    case 'secreto':
      return valor.length > 0 ? null : 'Este campo es requerido';
    default:
      return null;
  }
}

const CLAVE = /^[A-Za-z0-9][A-Za-z0-9_.-]*$/;

/** Create and update payload of a parameter; `valor` is checked against `tipo`. */
export const parametroInput = z
  .object({
    servidor_id: optionalId('Elija un servidor'),
    grupo: requiredText(60),
    clave: requiredText(100).regex(CLAVE, 'Solo letras, números, punto, guion y guion bajo, sin espacios'),
    tipo: z.enum(PARAMETRO_TIPOS, { error: 'Tipo inválido' }),
    valor: z.string({ error: 'Este campo es requerido' }).trim().max(2000, 'Máximo 2000 caracteres'),
    descripcion: optionalText(500),
  })
  .strict()
  .superRefine((p, ctx) => {
    const error = errorDeValor(p.tipo, p.valor);
    if (error) ctx.addIssue({ code: 'custom', path: ['valor'], message: error });
  });
export type ParametroInput = z.input<typeof parametroInput>;

/**
 * `PUT /api/empresas/:id/parametros/:parametroId`: the same fields; a secret's `valor` may be omitted to keep the
 * stored one (the screen never holds it unless revealed).
 */
export const parametroUpdate = z
  .object({
    grupo: requiredText(60),
    clave: requiredText(100).regex(CLAVE, 'Solo letras, números, punto, guion y guion bajo, sin espacios'),
    tipo: z.enum(PARAMETRO_TIPOS, { error: 'Tipo inválido' }),
    valor: z.string().trim().max(2000, 'Máximo 2000 caracteres').optional(),
    descripcion: optionalText(500),
  })
  .strict()
  .superRefine((p, ctx) => {
    if (p.valor === undefined) {
      if (p.tipo !== 'secreto') ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Este campo es requerido' });
      return;
    }
    const error = errorDeValor(p.tipo, p.valor);
    if (error) ctx.addIssue({ code: 'custom', path: ['valor'], message: error });
  });
export type ParametroUpdate = z.input<typeof parametroUpdate>;

/** A parameter as answered: a secret's `valor` is always null (masked); `POST …/revelar` answers it. */
export const parametro = z.object({
  id: z.number().int(),
  empresa_id: z.number().int(),
  servidor_id: z.number().int().nullable(),
  grupo: z.string(),
  clave: z.string(),
  tipo: z.enum(PARAMETRO_TIPOS),
  valor: z.string().nullable(),
  descripcion: z.string().nullable(),
  actualizado: z.string(),
});
export type Parametro = z.infer<typeof parametro>;
export const parametros = z.array(parametro);

/** `GET /api/empresas/:id/parametros?servidor_id=`: the client's own parameters, or one of its servers'. */
export const parametrosQuery = z
  .object({
    servidor_id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
  })
  .strict();

/** `POST /api/empresas/:id/parametros/:parametroId/revelar`: the secret in clear (written to the audit log). */
export const secretoRevelado = z.object({ valor: z.string() });

/** `POST /api/empresas/:id/parametros/copiar`: copy another client's own parameters into this one. */
export const copiarParametrosInput = z
  .object({
    desde_empresa_id: z
      .number({ error: 'Elija un cliente' })
      .int()
      .positive('Elija un cliente')
      .max(MAX_ID, 'Id inválido'),
    modo: z.enum(['omitir', 'sobrescribir'], { error: 'Elija qué hacer con las claves existentes' }),
  })
  .strict();
export type CopiarParametrosInput = z.input<typeof copiarParametrosInput>;
export const copiarParametrosResult = z.object({
  copiados: z.number().int().nonnegative(),
  sobrescritos: z.number().int().nonnegative(),
  omitidos: z.number().int().nonnegative(),
});
export type CopiarParametrosResult = z.infer<typeof copiarParametrosResult>;

// ---- Instalaciones: the clients browsed with their installations ----

/** One of a client's installations (its servers), as the Instalaciones list names it. */
export const instalacion = z.object({
  id: z.number().int(),
  nombre: z.string(),
  version_physis: z.string().nullable(),
  /** The installation's own parameters. */
  parametros_count: z.number().int().nonnegative(),
});
export type Instalacion = z.infer<typeof instalacion>;

/** A client in the Instalaciones list: its installations by name and how many parameters it holds in all. */
export const clienteInstalaciones = z.object({
  id: z.number().int(),
  razon_social: z.string(),
  nombre_fantasia: z.string().nullable(),
  cuit: z.string(),
  activo: z.boolean(),
  servidores_count: z.number().int().nonnegative(),
  /** The client's own parameters and its installations'. */
  parametros_count: z.number().int().nonnegative(),
  servidores: z.array(instalacion),
});
export type ClienteInstalaciones = z.infer<typeof clienteInstalaciones>;

export const INSTALACIONES_SORT = ['razon_social', 'cuit', 'servidores_count'] as const;
/**
 * `GET /api/empresas/instalaciones`: `q` searches as the clients list does (names, or the CUIT with or without dashes).
 */
export const instalacionesListQuery = listQuery(INSTALACIONES_SORT, {});
/**
 * One page of clients; `instalaciones` is how many installations the clients that match hold in all, or null
 * when the search matches more clients than a list counts (`total_exacto: false`).
 */
export const instalacionesPage = paged(clienteInstalaciones).extend({
  instalaciones: z.number().int().nonnegative().nullable(),
});
export type InstalacionesPage = z.infer<typeof instalacionesPage>;
