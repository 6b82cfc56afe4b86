import { z } from 'zod';
import { listQuery, paged, queryBoolean } from './list.ts';
import { richText, richTextDocument } from './rich-text.ts';
import { requiredText } from './validators.ts';

// ---- Desarrollos (AREAS.md "Versiones y Desarrollos"; issue 8). Read SER#VER, write DESARROLLOS#EDITAR. ----

/** The states in board order: the workflow's five steps, then cancelado. */
export const DESARROLLO_ESTADOS = ['pendiente', 'analisis', 'desarrollo', 'testing', 'entregado', 'cancelado'] as const;
export type DesarrolloEstado = (typeof DESARROLLO_ESTADOS)[number];
export const DESARROLLO_ESTADO_NOMBRES: Record<DesarrolloEstado, string> = {
  pendiente: 'Pendiente',
  analisis: 'Análisis',
  desarrollo: 'Desarrollo',
  testing: 'Testing',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
};

export const DESARROLLO_PRIORIDADES = ['baja', 'media', 'alta', 'urgente'] as const;
export type DesarrolloPrioridad = (typeof DESARROLLO_PRIORIDADES)[number];
export const DESARROLLO_PRIORIDAD_NOMBRES: Record<DesarrolloPrioridad, string> = {
  baja: 'Baja',
  media: 'Media',
  alta: 'Alta',
  urgente: 'Urgente',
};

/**
 * The one table of allowed moves, enforced by the server and offered by the board: forward one step, back
 * one step for rework, any open state to cancelado, cancelado back to pendiente to reopen. Entregado is final.
 */
export const DESARROLLO_TRANSICIONES: Readonly<Record<DesarrolloEstado, readonly DesarrolloEstado[]>> = {
  pendiente: ['analisis', 'cancelado'],
  analisis: ['desarrollo', 'pendiente', 'cancelado'],
  desarrollo: ['testing', 'analisis', 'cancelado'],
  testing: ['entregado', 'desarrollo', 'cancelado'],
  entregado: [],
  cancelado: ['pendiente'],
};

export const puedePasarDesarrollo = (desde: DesarrolloEstado, hacia: DesarrolloEstado): boolean =>
  DESARROLLO_TRANSICIONES[desde].includes(hacia);

const enumerar = (nombres: string[]): string =>
  nombres.length <= 1 ? (nombres[0] ?? '') : `${nombres.slice(0, -1).join(', ')} o ${nombres[nombres.length - 1]}`;

/** Why a move is refused, in Spanish; null when the table allows it. */
export function transicionRechazada(desde: DesarrolloEstado, hacia: DesarrolloEstado): string | null {
  if (puedePasarDesarrollo(desde, hacia)) return null;
  const de = DESARROLLO_ESTADO_NOMBRES[desde];
  if (desde === hacia) return `El desarrollo ya está en ${de}`;
  if (DESARROLLO_TRANSICIONES[desde].length === 0) return `Un desarrollo ${de.toLowerCase()} no cambia de estado`;
  const destinos = enumerar(DESARROLLO_TRANSICIONES[desde].map((e) => DESARROLLO_ESTADO_NOMBRES[e]));
  return `No se puede pasar de ${de} a ${DESARROLLO_ESTADO_NOMBRES[hacia]}: desde ${de} solo puede pasar a ${destinos}`;
}

/** Delivered or cancelled: a commitment date in the past no longer makes it overdue. */
export const estadoCerrado = (estado: DesarrolloEstado): boolean => estado === 'entregado' || estado === 'cancelado';
