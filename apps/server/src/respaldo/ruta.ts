import { tmpdir } from 'node:os';
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { secretsKeyOf } from '../core/secretos.ts';
import type { Db } from '../db/client.ts';
import { MENSAJES } from '../messages.ts';
import { sendError } from '../plugins/errors.ts';
import { rechazoDeOperacion } from '../plugins/operacion.ts';
import { prepararRespaldo } from './crear.ts';
import { fuenteDe } from './fuentes.ts';

export interface OpcionesRutaRespaldo {
  db: Db;
  filesDir: string;
  metricsToken: string;
  /**
   * SECRETS_KEY and DATA_DIR (the config), whose key seals the backup as `secretsKeyOf` finds it. Without them
   * the archive goes out unsealed: it restores only with `--forzar`, and `npm run backup` warns of it.
   */
  secretos?: { secretsKey?: Buffer | undefined; dataDir: string } | undefined;
}

/**
 * `GET /respaldo`: the whole backup (database and file store) as one .tar.gz, for `npm run backup` while this
 * process holds PGlite open (no other process may open it). Guarded as `/metrics`: METRICS_TOKEN's Bearer,
 * or without one only from this machine. One at a time: a second call meanwhile gets 409.
 */
export const respaldoRoutes: FastifyPluginAsyncZod<OpcionesRutaRespaldo> = async (app, opts) => {
  let enCurso = false;
  app.get('/respaldo', {
    schema: { tags: ['operación'], summary: 'Respaldo completo: base de datos y archivos en un .tar.gz', hide: true },
    handler: async (request, reply) => {
      const rechazo = rechazoDeOperacion(request, opts.metricsToken);
      if (rechazo) return sendError(reply, rechazo, rechazo === 401 ? MENSAJES.respaldoToken : MENSAJES.respaldoLocal);
      if (enCurso) return sendError(reply, 409, MENSAJES.respaldoEnCurso);
      enCurso = true;
      try {
        // Read before answering: a database that cannot be read gets a 500, not a 200 cut short.
        const secretsKey = opts.secretos ? secretsKeyOf(opts.secretos, (aviso) => request.log.warn(aviso)) : undefined;
        if (!secretsKey) request.log.warn('respaldo sin sello: la ruta se registró sin SECRETS_KEY');
        const respaldo = await prepararRespaldo({
          fuente: fuenteDe(opts.db),
          filesDir: opts.filesDir,
          temporal: tmpdir(),
          secretsKey,
        });
        const salida = new PassThrough();
        // Free once the archive is all handed over (or cut): its temporary files may still be going away.
        const liberar = () => {
          enCurso = false;
        };
        salida.once('finish', liberar).once('close', liberar);
        respaldo.escribir(salida).catch((err: unknown) => {
          // The answer is already under way: cutting it is how the client learns the archive is incomplete.
          request.log.error({ err }, 'respaldo cortado');
          salida.destroy(err instanceof Error ? err : new Error(String(err)));
        });
        const fecha = respaldo.manifiesto.creado.slice(0, 19).replace(/[:T]/g, '-');
        return reply
          .header('content-type', 'application/gzip')
          .header('content-disposition', `attachment; filename="intranet-${fecha}.tar.gz"`)
          .header('cache-control', 'no-store')
          .send(salida);
      } catch (err) {
        enCurso = false;
        request.log.error({ err }, 'respaldo');
        return sendError(reply, 500, MENSAJES.respaldoFallido);
      }
    },
  });
};
