import { randomBytes } from 'node:crypto';
import { versionOrden } from '@intranet/contract/shared/version-numero';
import { eq, isNull, sql } from 'drizzle-orm';
import type { SeedOptions } from '../../area.ts';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { paqueteDescargas, paquetes } from '../../db/schema.ts';
import { registrarArchivo } from '../../storage/archivos.ts';
import { diskStore } from '../../storage/disk.ts';
import { putBytes, type FileStore } from '../../storage/store.ts';
import { ENTIDAD, paqueteDetalle } from './queries.ts';

const DAY = 24 * 60 * 60 * 1000;

// The installers, with small stand-in files built at seed time when there is a file store (SeedOptions.filesDir).
const PACKAGES = [
  { nombre: 'PhysisSetup-3.14.2.exe', producto: 'Physis ERP', version: '3.14.2', canal: 'estable', diasAtras: 2 },
  { nombre: 'PhysisSetup-3.14.1.exe', producto: 'Physis ERP', version: '3.14.1', canal: 'estable', diasAtras: 19 },
  {
    nombre: 'PhysisSueldosSetup-2.8.0.exe',
    producto: 'Physis Sueldos',
    version: '2.8.0',
    canal: 'estable',
    diasAtras: 33,
  },
  {
    nombre: 'PhysisSetup-3.15.0-beta1.exe',
    producto: 'Physis ERP',
    version: '3.15.0-beta1',
    canal: 'beta',
    diasAtras: 9,
  },
  { nombre: 'PhysisSetup-3.13.0.exe', producto: 'Physis ERP', version: '3.13.0', canal: 'estable', diasAtras: 61 },
];

export async function seedPaquetes(tx: Tx, opts: SeedOptions): Promise<void> {
  const creados = await tx
    .insert(paquetes)
    .values(
      PACKAGES.map(({ diasAtras, ...p }) => ({
        ...p,
        versionOrden: versionOrden(p.version),
        fecha: new Date(Date.now() - diasAtras * DAY - 3_600_000),
        publicadoPor: 'Administrador',
      })),
    )
    .returning({ id: paquetes.id, nombre: paquetes.nombre, fecha: paquetes.fecha });
  // A download history since each package's date (stable ones every 7 hours, betas every 20), and its counter.
  await tx.execute(sql`
    insert into ${paqueteDescargas} (paquete_id, fecha)
    select p.id, g from ${paquetes} p,
           generate_series(p.fecha + interval '2 hours', now(),
                           make_interval(hours => case p.canal when 'beta' then 20 else 7 end)) g`);
  await tx.execute(
    sql`update ${paquetes} p set descargas = (select count(*) from ${paqueteDescargas} d where d.paquete_id = p.id)`,
  );
  if (opts.filesDir) await seedArchivosPaquetes(tx, diskStore(opts.filesDir));
  // Each one uploaded on its own date, as its upload route records it.
  const id = (nombre: string) => creados.find((p) => p.nombre === nombre)!.id;
  await historiaDemo(
    tx,
    ENTIDAD,
    creados.map((p) => p.id),
    paqueteDetalle,
    [
      { id: id('PhysisSetup-3.14.2.exe'), por: 'admin', antes: { canal: 'beta' } },
      { id: id('PhysisSueldosSetup-2.8.0.exe'), por: 'admin', antes: { producto: 'Sueldos' } },
      {
        id: id('PhysisSetup-3.14.2.exe'),
        por: 'admin',
        antes: { notas: 'Probar primero en los clientes del canal beta.' },
      },
    ],
    { accion: 'subir', fecha: (paquete) => creados.find((p) => p.id === paquete)!.fecha },
  );
}

/**
 * What a demo installer holds: a line that says so, then filler, 150 to 400 kB, so that its size and download are real.
 */
const instaladorDemo = (nombre: string): Buffer =>
  Buffer.concat([
    Buffer.from(`Instalador de demostración ${nombre}: no instala nada.\r\n`, 'utf8'),
    randomBytes(150_000 + Math.floor(Math.random() * 250_000)),
  ]);

/** Gives every package without a file one of its own, as if it had been uploaded. */
export async function seedArchivosPaquetes(tx: Tx, store: FileStore): Promise<void> {
  const sinArchivo = await tx
    .select({ id: paquetes.id, nombre: paquetes.nombre })
    .from(paquetes)
    .where(isNull(paquetes.archivoId));
  for (const paquete of sinArchivo) {
    const stored = await putBytes(store, instaladorDemo(paquete.nombre));
    const archivo = await registrarArchivo(tx, { ...stored, tipo: 'application/octet-stream' }, paquete.nombre);
    await tx.update(paquetes).set({ archivoId: archivo.id }).where(eq(paquetes.id, paquete.id));
  }
}
