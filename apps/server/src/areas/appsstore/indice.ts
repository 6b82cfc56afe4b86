import {
  apkNombre,
  STORE_INDEX_VERSION,
  type StoreApp,
  type StoreCanal,
  type StoreConfig,
  type StoreIndex,
  type StoreIndexPackage,
} from '@intranet/contract/areas/appsstore';
import { and, asc, desc, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { aplicaciones, aplicacionVersiones, appsstoreConfig } from '../../db/schema.ts';
import { catalogoCompleto, descargaUrl, ofrecida, type StoreBase } from './catalogo.ts';

/** Every offered version of the given applications, newest first per application. */
async function versionesOfrecidas(db: Executor, ids: number[], canales: readonly StoreCanal[]) {
  if (ids.length === 0) return [];
  const v = aplicacionVersiones;
  return db
    .select({
      aplicacionId: v.aplicacionId,
      versionCode: v.versionCode,
      versionName: v.versionName,
      canal: v.canal,
      fecha: v.fecha,
      tamano: v.tamano,
      sha256: v.sha256,
      minSdk: v.minSdk,
      targetSdk: v.targetSdk,
      novedades: v.novedades,
    })
    .from(v)
    .where(and(inArray(v.aplicacionId, ids), ofrecida(canales)))
    .orderBy(asc(v.aplicacionId), desc(v.versionCode));
}

/**
 * The newest change the index can reflect: the configuration, any application or any version (published or
 * not: unpublishing one is a change too). Downloads do not touch these columns, so they leave it alone.
 */
async function ultimoCambio(db: Executor): Promise<number> {
  const [row] = await db
    .execute<{ t: string | Date | null }>(sql`select greatest(
      (select max(${aplicaciones.actualizado}) from ${aplicaciones}),
      (select max(${aplicacionVersiones.actualizado}) from ${aplicacionVersiones}),
      (select ${appsstoreConfig.actualizado} from ${appsstoreConfig} where ${appsstoreConfig.id} = 1)
    ) as t`)
    .then((r) => r.rows);
  return row?.t ? new Date(row.t).getTime() : 0;
}

type VersionOfrecida = Awaited<ReturnType<typeof versionesOfrecidas>>[number];

function paquete(base: StoreBase, packageName: string, v: VersionOfrecida): StoreIndexPackage {
  return {
    versionCode: v.versionCode,
    versionName: v.versionName,
    apkName: apkNombre(packageName, v.versionCode),
    url: descargaUrl(base, packageName, v.versionCode),
    hash: v.sha256,
    hashType: 'sha256',
    size: v.tamano,
    ...(v.minSdk === null ? {} : { minSdkVersion: v.minSdk }),
    ...(v.targetSdk === null ? {} : { targetSdkVersion: v.targetSdk }),
    added: v.fecha.getTime(),
    channel: v.canal,
    ...(v.novedades ? { whatsNew: v.novedades } : {}),
  };
}

function indexApp(app: StoreApp, suyas: VersionOfrecida[]) {
  const sugerida = app.versiones.estable ?? app.versiones.beta;
  const fechas = suyas.map((v) => v.fecha.getTime());
  return {
    packageName: app.package_name,
    name: app.nombre,
    summary: app.resumen ?? '',
    description: app.descripcion_html,
    ...(app.icono_url ? { icon: app.icono_url } : {}),
    categories: app.categoria ? [app.categoria] : [],
    suggestedVersionCode: String(sugerida?.version_code ?? suyas[0]?.versionCode ?? 0),
    added: Math.min(...fechas),
    lastUpdated: Math.max(...fechas),
    featured: app.destacada,
  };
}

/** `GET {store}/api/store/index-v1.json`: the F-Droid-like index of the catalogue. */
export async function storeIndice(db: Executor, base: StoreBase, config: StoreConfig): Promise<StoreIndex> {
  const apps = await catalogoCompleto(db, base, config.canales);
  const [versiones, timestamp] = await Promise.all([
    versionesOfrecidas(
      db,
      apps.map((a) => a.id),
      config.canales,
    ),
    ultimoCambio(db),
  ]);
  const packages: StoreIndex['packages'] = {};
  const indexApps = apps.map((app) => {
    const suyas = versiones.filter((v) => v.aplicacionId === app.id);
    packages[app.package_name] = suyas.map((v) => paquete(base, app.package_name, v));
    return indexApp(app, suyas);
  });
  return {
    repo: {
      name: config.nombre,
      timestamp,
      version: STORE_INDEX_VERSION,
      address: `${base}/api/store/descargas`,
      minClientVersion: config.version_minima,
      channels: config.canales,
    },
    apps: indexApps,
    packages,
  };
}
