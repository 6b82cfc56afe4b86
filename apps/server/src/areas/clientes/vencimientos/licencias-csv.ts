import { diasRestantesTexto, LICENCIA_TIPO_ETIQUETA, type LICENCIA_TIPOS, type Vencimiento } from '@intranet/contract/clientes/vencimientos';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { physisLicencias, productos, vencimientos } from '../../../db/schema.ts';
import type { CsvColumn } from '../../../lists/csv.ts';
import type { ListSource } from '../../../lists/list.ts';
import { filaGrid, vencimientosSource } from './grid.ts';

// The Physis grid's CSV (issue 21): each licence with the columns its import reads, so that the export, edited or
// not, imports back (update mode) onto the same licences.

/** A row of the Physis grid with its licence's own fields. */
export interface LicenciaEnGrilla extends Vencimiento {
  producto_codigo: string;
  modulo: string | null;
  licencia_tipo: (typeof LICENCIA_TIPOS)[number];
  usuarios: number;
  serial: string | null;
  inicio: string;
  baja: string | null;
  renovacion_auto: boolean;
}

/** The grid's rows joined to their licence and product (every row of the Physis grid is a licence). */
export const licenciasGridSource = (db: Executor): ListSource<LicenciaEnGrilla> => ({
  ...vencimientosSource(db),
  rows: (f) =>
    db
      .select({
        ...filaGrid,
        producto_codigo: productos.codigo,
        modulo: physisLicencias.modulo,
        licencia_tipo: physisLicencias.tipo,
        usuarios: physisLicencias.usuarios,
        serial: physisLicencias.serial,
        inicio: physisLicencias.inicio,
        baja: physisLicencias.baja,
        renovacion_auto: physisLicencias.renovacionAuto,
        clave: f.clave,
      })
      .from(vencimientos)
      .innerJoin(physisLicencias, eq(physisLicencias.id, vencimientos.itemId))
      .innerJoin(productos, eq(productos.id, physisLicencias.productoId))
      .where(f.where)
      .orderBy(...f.orderBy)
      .limit(f.limit)
      .offset(f.offset),
});

/** The licences' import's titles (importacion.ts), its Id first, with the grid's days left and state to read. */
export const licenciasCsv: CsvColumn<LicenciaEnGrilla>[] = [
  { titulo: 'Id', valor: (l) => l.item_id },
  { titulo: 'Cliente', valor: (l) => l.cliente },
  { titulo: 'CUIT', valor: (l) => l.cuit },
  { titulo: 'Producto', valor: (l) => l.producto_codigo },
  { titulo: 'Módulo', valor: (l) => l.modulo },
  { titulo: 'Tipo', valor: (l) => LICENCIA_TIPO_ETIQUETA[l.licencia_tipo] },
  { titulo: 'Usuarios', valor: (l) => l.usuarios },
  { titulo: 'Serial', valor: (l) => l.serial },
  { titulo: 'Inicio', valor: (l) => l.inicio },
  { titulo: 'Vence', valor: (l) => l.vence },
  { titulo: 'Baja', valor: (l) => l.baja },
  { titulo: 'Renovación automática', valor: (l) => l.renovacion_auto },
  { titulo: 'Días restantes', valor: (l) => l.dias },
  { titulo: 'Estado', valor: (l) => diasRestantesTexto(l.dias) },
];
