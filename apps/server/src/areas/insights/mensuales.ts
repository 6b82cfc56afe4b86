/** A monitor table kept in one partition per UTC month of `columna`, plus `<tabla>_defecto` for the rest. */
export interface TablaMensual {
  tabla: string;
  /** The time column the table is partitioned by (range, one month per partition). */
  columna: string;
}

/** The events (migration 0032). */
export const EVENTOS: TablaMensual = { tabla: 'insights_eventos', columna: 'fecha' };

/**
 * The other kinds of items kept in month partitions: the nightly retention prepares their next months and
 * drops what is older than INSIGHTS_RETENCION_DIAS, as it does for the events. A new partitioned kind adds
 * its table here (its migration creates it `PARTITION BY RANGE (columna)` with a `<tabla>_defecto` partition).
 */
export const TABLAS_MENSUALES: TablaMensual[] = [
  // Performance data: the transactions and their spans (migration 0057).
  { tabla: 'insights_transacciones', columna: 'inicio' },
  // Cron monitors' check-ins (migration 0058).
  { tabla: 'insights_checkins', columna: 'fecha' },
  // Attachments, by their event's time so they go with it (migration 0059); their files go with the sweep.
  { tabla: 'insights_adjuntos', columna: 'fecha' },
  // Structured logs (migration 0059).
  { tabla: 'insights_logs', columna: 'fecha' },
  // Release health: sessions, by their start (migration 0060).
  { tabla: 'insights_sesiones', columna: 'inicio' },
];
