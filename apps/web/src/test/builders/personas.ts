import type { Persona, PersonaDetalle, PersonaOpcion } from '@intranet/contract/areas/personas';
import type { Cuenta, Rol } from '@intranet/contract/areas/personas/usuarios';

/** A member of staff as the list answers them: active, with a boss and one machine, no account. */
export const persona = (over: Partial<Persona> = {}): Persona => ({
  id: 5,
  nombre: 'Ana',
  apellido: 'Pérez',
  nombre_completo: 'Pérez, Ana',
  email: 'ana.perez@physis.com.ar',
  telefono: '+54 341 555-0101',
  interno: '214',
  puesto: 'Analista funcional',
  area: 'Soporte',
  responsable_id: 2,
  responsable_nombre: 'Gómez, Laura',
  legajo: 'L-0305',
  activo: true,
  empresa_id: null,
  notas: null,
  usuario: null,
  maquinas_count: 1,
  creado: '2024-03-02T10:00:00Z',
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

/** A person's detail: what points at them empty unless given. */
export const personaDetalle = (over: Partial<PersonaDetalle> = {}): PersonaDetalle => ({
  ...persona(),
  maquinas: [],
  a_cargo: [],
  ...over,
});

/** People offered by the person selects (`/api/personas/opciones`). */
export const personaOpciones: PersonaOpcion[] = [
  { id: 2, nombre_completo: 'Gómez, Laura', activo: true },
  { id: 5, nombre_completo: 'Pérez, Ana', activo: true },
  { id: 6, nombre_completo: 'Díaz, Bruno', activo: false },
];

export const rol = (over: Partial<Rol> = {}): Rol => ({
  id: 1,
  nombre: 'Soporte',
  descripcion: 'Mesa de ayuda',
  permisos: ['SER#VER'],
  usuarios_count: 3,
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

export const cuenta = (over: Partial<Cuenta> = {}): Cuenta => ({
  id: 31,
  usuario: 'aperez',
  email: 'ana.perez@physis.com.ar',
  nombre: 'Ana Pérez',
  persona_id: 5,
  activo: true,
  ultimo_ingreso: null,
  roles: [{ id: 1, nombre: 'Soporte' }],
  sesiones_activas: 2,
  creado: '2026-11-01T10:00:00Z',
  ...over,
});
