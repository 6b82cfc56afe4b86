import type { PermissionCode } from '@intranet/contract/permissions';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { AuditEntities } from '../db/audit.ts';
import type { Tx } from '../db/client.ts';
import type { Conflictos } from '../db/conflicts.ts';
import type { FileDeps } from '../storage/archivos.ts';

/** What every area is given: the database, the configuration, the file store and every area's history entities. */
export interface AreaDeps extends FileDeps {
  config: Config;
  /** The records all areas write to the history, each with the permission that reads theirs (the history reads it). */
  auditoria: AuditEntities;
}

/** What an area's demo data may need beyond the transaction. */
export interface SeedOptions {
  /** The key the clients' secrets are sealed with (config SECRETS_KEY). */
  secretsKey?: Buffer | undefined;
  /** Where the demo's sample files are written. */
  dataDir?: string;
}

/**
 * One area of the server, as the app and the seed see it (issue 15). Its folder, its contract file and its web
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
  /** Its demo data. Areas seed in the registry's order, so an area may read what an earlier one seeded. */
  seed?: (tx: Tx, opts: SeedOptions) => Promise<void>;
}
