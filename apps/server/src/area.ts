import type { AlertaTipo } from '@intranet/contract/areas/alertas';
import type { BusquedaTipo } from '@intranet/contract/areas/busqueda';
import type { ListaViva } from '@intranet/contract/areas/vivo';
import type { PermissionCode } from '@intranet/contract/registry';
import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AuditEntities } from './db/audit.ts';
import type { Cambios } from './db/cambios.ts';
import type { Tx } from './db/client.ts';
import type { Conflictos } from './db/conflicts.ts';
import type { Programador, TareaProgramada } from './jobs/programador.ts';
import type { LimiteDeLecturas } from './plugins/lecturas.ts';
import type { FileDeps } from './storage/archivos.ts';

/** What every area is given: the database, the configuration, the file store and every area's history entities. */
export interface AreaDeps extends FileDeps {
  config: Config;
  /** The records all areas write to the history, each with the permission that reads theirs (the history reads it). */
  auditoria: AuditEntities;
  /** What every area has that expires, for the alerts' expiry scan. */
  vencimientos: readonly FuenteVencimientos[];
  /** What every area notices happening, for the alerts' events scan. */
  eventos: readonly FuenteEventos[];
  /** The scheduled jobs of every area and the queue that runs them (jobs/programador.ts). */
  programador: Programador<AreaDeps>;
  /** What every area finds for the command palette. */
  busqueda: readonly FuenteBusqueda[];
  /** Every area's lists that update themselves, and the tables each reads. */
  vivas: readonly FuenteViva[];
  /** What every area's unique indexes and foreign keys mean to the user: a bulk action's per-row refusals read them. */
  conflictos?: Conflictos;
  /** The database's change feed (main.ts); absent, nothing is announced. */
  cambios?: Cambios | undefined;
  /** The tables that announce their changes (`<tabla>_aviso` trigger). */
  conAviso: ReadonlySet<string>;
  /** Call before reading an uploaded file: past the caller's reads this minute, a 429 (plugins/lecturas.ts). */
  lecturas: LimiteDeLecturas;
}

/**
 * A list of the area's that updates itself in the browser when someone else changes what it shows:
 * the live stream announces it to whoever holds `permiso` when one of `tablas` changes.
 */
export interface FuenteViva {
  lista: ListaViva;
  /**
   * The code that reads the list; 'session' for a list of the caller's own (their notifications), which anyone signed
   * in reads.
   */
  permiso: PermissionCode | 'session';
  /** Every table the list reads; each must announce its changes (`<tabla>_aviso` trigger). */
  tablas: readonly string[];
}

/** The patterns of a palette search: `contiene` ('%acme%') and `empieza` ('acme%'), their wildcards escaped. */
export interface PatronesBusqueda {
  texto: string;
  contiene: string;
  empieza: string;
}

/**
 * Where the command palette finds an area's records. The search asks the sources the caller may
 * read, all at once, and keeps the first few of each.
 */
export interface FuenteBusqueda {
  tipo: BusquedaTipo;
  /** The code that reads these records. */
  permiso: PermissionCode;
  /**
   * A SELECT of the matching records, in no order, with the columns `id` (text), `titulo`, `detalle` (or
   * null) and `enlace` (the portal path of its screen). The search takes the first BUSQUEDA_CANDIDATOS and ranks
   * them. Match through the area's trigram index, so that it stays fast at a hundred thousand rows.
   */
  consulta: (patrones: PatronesBusqueda) => SQL;
}

/**
 * Something an area keeps that expires: the alerts' expiry scan reads every area's, warns at 90,
 * 30, 7 and 0 days and weekly once overdue, and tells only the people who hold `permiso`.
 */
export interface FuenteVencimientos {
  tipo: AlertaTipo;
  /** The code that reads these items. */
  permiso: PermissionCode;
  /**
   * A SELECT of the items in force with the columns `item_id` (unique within the kind), `empresa_id` (the
   * client, or null), `titulo` (in Spanish, naming the item and whose it is), `vence` (a date) and `enlace`
   * (the portal path of its screen). The scan filters it on `vence`: keep that a plain column with an index.
   */
  consulta: SQL;
}

/**
 * Something an area notices happening: a new error, a regression, a spike, a site that stopped
 * answering. The alerts read every area's each minute and tell, once per key, the people who hold `permiso`.
 */
export interface FuenteEventos {
  tipo: AlertaTipo;
  permiso: PermissionCode;
  /**
   * A SELECT of what happened lately with the columns `clave` (names the item and the occurrence, unique for
   * ever: one per issue for "new", one per issue and hour for a spike), `item_id`, `empresa_id`, `proyecto_id`
   * (the monitor project, or null; people who follow projects hear of theirs only), `titulo` (in
   * Spanish, saying what happened) and `enlace`. Keep it cheap: it runs every minute.
   */
  consulta: SQL;
}

/** A job an area runs on a schedule (jobs/programador.ts), given what every area is given. */
export type TareaDef = TareaProgramada<AreaDeps>;

/** What an area's demo data may need beyond the transaction. */
export interface SeedOptions {
  /** The key the clients' secrets are sealed with (config SECRETS_KEY). */
  secretsKey?: Buffer | undefined;
  /** Where the demo's sample files are written. */
  dataDir?: string;
  /**
   * The file store's folder (config FILES_DIR): the demo's APKs and installers are built into it at seed time.
   * Absent (the tests' template, cloned under many stores), the demo data has no files.
   */
  filesDir?: string;
}

/**
 * One area of the server, as the app and the seed see it. Its folder, its contract file and its web
 * folder share `name`; areas/index.ts lists every area, and nothing else names one.
 */
export interface AreaDescriptor {
  name: string;
  /** Its route plugins, its sub-areas' included, registered in this order. */
  routes: readonly FastifyPluginAsyncZod<AreaDeps>[];
  /** The permission codes its routes check (areas/permisos.test.ts holds them to it). */
  permisos?: readonly PermissionCode[];
  /** Hooks the area adds to every request before any route runs (the monitor's own error reporting). */
  hooks?: (app: FastifyInstance, deps: AreaDeps) => void;
  /** The records it writes to the history, each with the permission that reads their history. */
  auditoria?: AuditEntities;
  /** What its tables' unique indexes and foreign keys mean to the user, by constraint name. */
  conflictos?: Conflictos;
  /** What it keeps that expires. */
  vencimientos?: readonly FuenteVencimientos[];
  /** What it notices happening. */
  eventos?: readonly FuenteEventos[];
  /** Its scheduled jobs. */
  tareas?: readonly TareaDef[];
  /** Where the command palette finds its records. */
  busqueda?: readonly FuenteBusqueda[];
  /** Its lists that update themselves in the browser. */
  vivas?: readonly FuenteViva[];
  /** The OpenAPI tags its routes use, each with its description in Spanish (the /docs page groups by them). */
  documentacion?: Readonly<Record<string, string>>;
  /** Its demo data. Areas seed in the registry's order, so an area may read what an earlier one seeded. */
  seed?: (tx: Tx, opts: SeedOptions) => Promise<void>;
}
