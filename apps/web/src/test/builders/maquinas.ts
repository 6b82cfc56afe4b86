import type { Asignacion, Maquina, MaquinaDetalle } from '@intranet/contract/areas/maquinas';

/** A machine as the list answers it: available, unassigned, warranty in force. */
export const maquina = (over: Partial<Maquina> = {}): Maquina => ({
  id: 1,
  nombre: 'NB-ANA',
  nro_inventario: 'INV-0042',
  serie: 'PF3XK21',
  tipo: 'notebook',
  fabricante: 'Lenovo',
  modelo: 'ThinkPad T14',
  so: 'Windows',
  so_version: '11 Pro',
  cpu: 'Intel i7-1265U',
  ram_gb: 16,
  disco_gb: 512,
  ip: '192.168.0.42',
  mac: '3C:52:82:0A:1B:2C',
  ubicacion: 'Oficina Rosario',
  estado: 'disponible',
  fecha_compra: '2024-03-01',
  garantia_hasta: '2027-03-01',
  garantia_vencida: false,
  notas: null,
  persona_id: null,
  persona_nombre: null,
  asignada_desde: null,
  creado: '2024-03-02T10:00:00Z',
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

export const asignacion = (over: Partial<Asignacion> = {}): Asignacion => ({
  id: 1,
  persona_id: 5,
  persona_nombre: 'Ana Pérez',
  desde: '2026-01-10',
  hasta: null,
  notas: null,
  asignado_por: 'Admin',
  devuelto_por: null,
  ...over,
});

/** A machine's detail: the machine and its assignments, newest first. */
export const maquinaDetalle = (over: Partial<MaquinaDetalle> = {}): MaquinaDetalle => ({
  ...maquina(),
  asignaciones: [],
  ...over,
});
