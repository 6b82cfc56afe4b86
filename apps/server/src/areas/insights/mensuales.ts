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
export const TABLAS_MENSUALES: TablaMensual[] = [];
