import { z } from 'zod';
import { listQuery, paged, queryBoolean, MAX_ID } from '@intranet/contract/shared/list';
import { loteBody, loteExportBody } from '@intranet/contract/shared/lote';
import { optionalText, requiredText } from '@intranet/contract/shared/validators';
import { optionalId } from '@intranet/contract/shared/entre-areas';

// ---- Personas: staff and client contacts ----

const optionalEmail = z
  .string()
  .trim()
  .toLowerCase()
  .nullish()
  .transform((v) => (v ? v : null))
  .pipe(
    z.union([z.null(), z.email({ error: 'Email inválido' }).max(200, 'Máximo 200 caracteres')], {
      error: 'Email inválido',
    }),
  );

/** Create and update payload of a person (`POST /api/personas`, `PUT /api/personas/:id`). */
export const personaInput = z
  .object({
    nombre: requiredText(100),
    apellido: requiredText(100),
    email: optionalEmail,
    telefono: optionalText(50),
    interno: optionalText(20),
    puesto: optionalText(100),
    area: optionalText(100),
    responsable_id: optionalId('Elija un responsable'),
    legajo: optionalText(30),
    activo: z.boolean().default(true),
    empresa_id: optionalId('Elija una empresa'),
    notas: optionalText(5000),
  })
  .strict();
export type PersonaInput = z.input<typeof personaInput>;

/** A person as lists and the detail answer it. */
export const persona = z.object({
  id: z.number().int(),
  nombre: z.string(),
  apellido: z.string(),
  /** "Apellido, Nombre", as lists and selects show people. */
  nombre_completo: z.string(),
  email: z.string().nullable(),
  telefono: z.string().nullable(),
  interno: z.string().nullable(),
  puesto: z.string().nullable(),
  area: z.string().nullable(),
  responsable_id: z.number().int().nullable(),
  responsable_nombre: z.string().nullable(),
  legajo: z.string().nullable(),
  activo: z.boolean(),
  empresa_id: z.number().int().nullable(),
  notas: z.string().nullable(),
  /** The person's account name, when they have one. */
  usuario: z.string().nullable(),
  maquinas_count: z.number().int(),
  creado: z.string(),
  actualizado: z.string(),
});
export type Persona = z.infer<typeof persona>;

export const PERSONA_SORT = [
  'apellido',
  'nombre',
  'legajo',
  'area',
  'puesto',
  'email',
  'interno',
  'activo',
  'maquinas_count',
  'actualizado',
] as const;
export const personaListQuery = listQuery(PERSONA_SORT, {
  area: z.string().trim().max(100).optional(),
  activo: queryBoolean.optional(),
  tipo: z.enum(['personal', 'contacto'], { error: 'Tipo inválido' }).optional(),
  responsable_id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
  /** The contacts of one client (the client's Contactos tab). */
  empresa_id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
});
export const personaPage = paged(persona);
export const personaExportQuery = personaListQuery.omit({ page: true, size: true });
/** Bulk actions on the people list: delete (or deactivate, as one by one), or set active, area or position. */
export const personaLote = loteBody(personaExportQuery, {
  activo: personaInput.shape.activo.unwrap(),
  area: personaInput.shape.area,
  puesto: personaInput.shape.puesto,
  responsable_id: personaInput.shape.responsable_id,
});
export const personaLoteExport = loteExportBody(personaExportQuery);

/** A machine the person holds now (the detail's Máquinas tab). */
export const personaMaquina = z.object({
  id: z.number().int(),
  nombre: z.string(),
  tipo: z.string(),
  nro_inventario: z.string().nullable(),
  desde: z.string(),
});

/**
 * `GET /api/personas/:id`: the person and what points at them. Later areas add their own lists here
 * (`clientes` where the person is the contact, `desarrollos` they own) without changing the existing keys.
 */
export const personaDetalle = persona.extend({
  maquinas: z.array(personaMaquina),
  /** People whose responsable is this person. */
  a_cargo: z.array(z.object({ id: z.number().int(), nombre_completo: z.string(), activo: z.boolean() })),
});
export type PersonaDetalle = z.infer<typeof personaDetalle>;

/** `DELETE /api/personas/:id`: a person something points at is deactivated instead, and the answer says why. */
export const personaDeleteResult = z.object({
  accion: z.enum(['eliminada', 'desactivada']),
  motivo: z.string().nullable(),
});
export type PersonaDeleteResult = z.infer<typeof personaDeleteResult>;

/** `GET /api/personas/opciones?q=&activo=`: people for a select (responsable, machine assignment). */
export const personaOpcionesQuery = z
  .object({
    q: z.string().trim().max(200, 'Máximo 200 caracteres').optional(),
    activo: queryBoolean.optional(),
    tipo: z.enum(['personal', 'contacto'], { error: 'Tipo inválido' }).optional(),
    id: z.coerce.number({ error: 'Id inválido' }).int().positive().max(MAX_ID, 'Id inválido').optional(),
  })
  .strict();
export const personaOpcion = z.object({ id: z.number().int(), nombre_completo: z.string(), activo: z.boolean() });
export type PersonaOpcion = z.infer<typeof personaOpcion>;
export const PERSONA_OPCIONES_MAX = 50;
