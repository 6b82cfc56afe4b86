import { asc, eq } from 'drizzle-orm';
import { writeAudit } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { aplicaciones, appsstoreConfig, appsstoreDestacadas } from '../../db/schema.ts';
import { auditoriaDe, CONFIG_ID, ENTIDAD_CONFIG, leerConfig } from './config.ts';

/** The demo store: both channels, a minimum client version, and the first two published apps featured. */
export async function seedAppsstore(tx: Tx): Promise<void> {
  await tx
    .insert(appsstoreConfig)
    .values({ id: 1, nombre: 'Physis AppsStore', canales: ['estable', 'beta'], versionMinima: '1.2.0' });
  const publicadas = await tx
    .select({ id: aplicaciones.id })
    .from(aplicaciones)
    .where(eq(aplicaciones.publicada, true))
    .orderBy(asc(aplicaciones.id))
    .limit(2);
  if (publicadas.length > 0)
    await tx.insert(appsstoreDestacadas).values(publicadas.map((a, orden) => ({ aplicacionId: a.id, orden })));
  await writeAudit(tx, {
    autor: null,
    accion: 'crear',
    entidad: ENTIDAD_CONFIG,
    entidadId: CONFIG_ID,
    despues: auditoriaDe(await leerConfig(tx)),
  });
}
