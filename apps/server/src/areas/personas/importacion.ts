import { personaInput } from '@intranet/contract/areas/personas';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { personas } from '../../db/schema.ts';
import { wireColumns } from '../../db/wire.ts';
import { insertarFilas } from '../../lists/importacion/insert.ts';
import { campoId, type Existente, type ImportacionSpec } from '../../lists/importacion/spec.ts';
import type { Tx } from '../../db/client.ts';
import { conflictos } from './conflicts.ts';
import { columnasPersona, ENTIDAD } from './queries.ts';

type PersonaValues = z.output<typeof personaInput>;

/** A person's values in the contract's input shape, as stored. */
const valores = wireColumns(personas, [
  'nombre',
  'apellido',
  'email',
  'telefono',
  'interno',
  'puesto',
  'area',
  'responsable_id',
  'legajo',
  'activo',
  'empresa_id',
  'notas',
]);

/** The stored people these conditions find, in id order, each with its values in the input shape. */
const buscar = (tx: Tx, where: SQL) =>
  tx
    .select({ id: personas.id, ...valores })
    .from(personas)
    .where(where)
    .orderBy(personas.id);

/**
 * The people's import: the export's columns, key email (case ignored). The export's Id finds a person
 * first, so that one without email (a client's contact often has none) imports back onto itself.
 */
export const personasImportacion: ImportacionSpec<PersonaValues> = {
  tipo: 'personas',
  etiqueta: 'personas',
  ruta: '/api/personas',
  permiso: 'PHY-PER#TODO',
  entidad: ENTIDAD,
  nombre: 'personas',
  clave: 'email',
  normalizarClave: (v) => v.trim().toLowerCase(),
  campos: [
    campoId,
    {
      campo: 'apellido',
      titulo: 'Apellido',
      alias: ['apellidos', 'last name', 'surname', 'family name'],
      requerido: true,
      ejemplo: 'Pérez',
    },
    {
      campo: 'nombre',
      titulo: 'Nombre',
      alias: ['nombres', 'first name', 'given name', 'name'],
      requerido: true,
      ejemplo: 'Ana',
    },
    {
      campo: 'legajo',
      titulo: 'Legajo',
      alias: ['nro legajo', 'numero de legajo', 'employee id', 'employee number'],
      ejemplo: '1042',
    },
    {
      campo: 'email',
      titulo: 'Email',
      alias: ['correo', 'correo electronico', 'mail', 'e-mail', 'email address'],
      ejemplo: 'ana.perez@physis.com.ar',
    },
    {
      campo: 'telefono',
      titulo: 'Teléfono',
      alias: ['tel', 'celular', 'movil', 'phone', 'mobile'],
      ejemplo: '+54 341 400-0000',
    },
    { campo: 'interno', titulo: 'Interno', alias: ['extension', 'ext', 'int'], ejemplo: '214' },
    {
      campo: 'puesto',
      titulo: 'Puesto',
      alias: ['cargo', 'position', 'job title', 'title', 'role'],
      ejemplo: 'Analista',
    },
    {
      campo: 'area',
      titulo: 'Área',
      alias: ['sector', 'departamento', 'department', 'area', 'team'],
      ejemplo: 'Soporte',
    },
    { campo: 'activo', titulo: 'Activo', alias: ['activa', 'active', 'enabled'], tipo: 'booleano', ejemplo: 'Sí' },
    { campo: 'notas', titulo: 'Notas', alias: ['notes', 'observaciones', 'comentarios'], ejemplo: '' },
  ],
  esquema: personaInput,
  tabla: { tabla: personas, id: personas.id, actualizado: personas.actualizado },
  existentes: async (tx, claves) => {
    if (claves.length === 0) return new Map();
    const filas = await buscar(tx, inArray(sql`lower(${personas.email})`, claves));
    // Two people may share an email: the first one recorded is the one updated.
    const porEmail = new Map<string, Existente>();
    for (const { id, ...v } of filas) {
      const clave = (v.email ?? '').toLowerCase();
      if (!porEmail.has(clave)) porEmail.set(clave, { id, valores: v });
    }
    return porEmail;
  },
  existentesPorId: async (tx, ids) =>
    new Map((await buscar(tx, inArray(personas.id, ids))).map(({ id, ...v }) => [id, { id, valores: v }])),
  crear: (tx, filas) => insertarFilas(tx, personas, personas.id, filas.map(columnasPersona)),
  actualizar: async (tx, id, v) => {
    await tx
      .update(personas)
      .set({ ...columnasPersona(v), actualizado: sql`now()` })
      .where(eq(personas.id, id));
  },
  conflictos,
};
