import { versionOrden } from '@intranet/contract/version-numero';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { paqueteDescargas, paquetes } from '../../db/schema.ts';

const DAY = 24 * 60 * 60 * 1000;

// Packages recorded before uploads existed: listed with their data, without a file to download.
const PACKAGES = [
  { nombre: 'PhysisSetup-3.14.2.exe', producto: 'Physis ERP', version: '3.14.2', canal: 'estable', diasAtras: 2 },
  { nombre: 'PhysisSetup-3.14.1.exe', producto: 'Physis ERP', version: '3.14.1', canal: 'estable', diasAtras: 19 },
  { nombre: 'PhysisSueldosSetup-2.8.0.exe', producto: 'Physis Sueldos', version: '2.8.0', canal: 'estable', diasAtras: 33 },
  { nombre: 'PhysisSetup-3.15.0-beta1.exe', producto: 'Physis ERP', version: '3.15.0-beta1', canal: 'beta', diasAtras: 9 },
  { nombre: 'PhysisSetup-3.13.0.exe', producto: 'Physis ERP', version: '3.13.0', canal: 'estable', diasAtras: 61 },
];

export async function seedPaquetes(tx: Tx): Promise<void> {
  await tx.insert(paquetes).values(
    PACKAGES.map(({ diasAtras, ...p }) => ({
      ...p,
      versionOrden: versionOrden(p.version),
      fecha: new Date(Date.now() - diasAtras * DAY - 3_600_000),
      publicadoPor: 'Administrador',
    })),
  );
  // A download history since each package's date (stable ones every 7 hours, betas every 20), and its counter.
  await tx.execute(sql`
    insert into ${paqueteDescargas} (paquete_id, fecha)
    select p.id, g from ${paquetes} p,
           generate_series(p.fecha + interval '2 hours', now(), make_interval(hours => case p.canal when 'beta' then 20 else 7 end)) g`);
  await tx.execute(sql`update ${paquetes} p set descargas = (select count(*) from ${paqueteDescargas} d where d.paquete_id = p.id)`);
}
