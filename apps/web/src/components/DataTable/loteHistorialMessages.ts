import { formatNumero } from '../../core/format.ts';

/** Texts of a list's bulk-action history: what was run, by whom, and how far it got. */
export const loteHistorialMessages = {
  abrir: 'Historial de acciones masivas',
  titulo: 'Historial de acciones masivas',
  cargando: 'Cargando el historial…',
  vacio: 'Esta lista no tiene acciones masivas registradas.',
  sinHistorial: 'Esta lista no muestra un historial de acciones masivas.',
  errorCarga: 'No se pudo cargar el historial',
  fecha: 'Fecha',
  quien: 'Quién',
  accion: 'Acción',
  hechos: 'Hechas',
  rechazados: 'Rechazadas',
  pendientes: 'Pendientes',
  estado: 'Estado',
  acciones: 'Acciones',
  continuar: 'Continuar',
  deshacer: 'Deshacer',
  deshecha: 'Deshecha',
  eliminar: 'Eliminar',
  cambiar: (campo: string, valor: string) => `Cambiar ${campo} a «${valor}»`,
  deshizo: (id: number) => `Deshacer la acción n.º ${id}`,
  vacioValor: '(vacío)',
  conteos: (hechos: number, rechazados: number, pendientes: number) =>
    `${formatNumero(hechos)} hechas · ${formatNumero(rechazados)} rechazadas · ${formatNumero(pendientes)} pendientes`,
  deshacerTitulo: 'Deshacer la acción masiva',
  deshacerTexto: (n: number) =>
    `Cada una de las ${formatNumero(n)} filas cambiadas vuelve al valor que tenía antes, según su historial. Las filas cambiadas después no se tocan. ¿Deshacer?`,
  continuada: (hechos: number, pendientes: number) =>
    pendientes === 0
      ? `Acción masiva terminada: ${formatNumero(hechos)} filas hechas.`
      : `Quedan ${formatNumero(pendientes)} filas pendientes.`,
  deshecho: (hechos: number, rechazados: number) =>
    rechazados === 0
      ? `Se deshicieron ${formatNumero(hechos)} filas.`
      : `Se deshicieron ${formatNumero(hechos)} filas; ${formatNumero(rechazados)} no se pudieron deshacer.`,
  error: 'No se pudo completar la acción',
} as const;
