import { insightsAdjuntosApi } from '@intranet/contract/areas/insights/adjuntos';
import { insightsLogsApi } from '@intranet/contract/areas/insights/logs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../../core/endpoint.ts';
import type { Db } from '../../../db/client.ts';
import { sendDownload } from '../../../storage/download.ts';
import type { FileStore } from '../../../storage/store.ts';
import { adjuntoParaDescargar, adjuntosDe, TIPO_DESCARGA } from './adjuntos.ts';
import { logsDeProyecto } from '../logs/logs.ts';
import { tags, VER } from '../routes-common.ts';

/** An event's attachments (listed, downloaded) and a project's logs: whoever may see the monitor's events. */
export const adjuntosLogsRoutes: FastifyPluginAsyncZod<{ db: Db; store: FileStore }> = async (app, { db, store }) => {
  route(app, insightsAdjuntosApi.adjuntos, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await adjuntosDe(db, request.params.id, request.params.evento),
    }),
  });

  route(app, insightsAdjuntosApi.descargarAdjunto, {
    // Byte ranges and Content-Length describe the stored bytes: the download goes as stored.
    options: { compress: false },
    config: VER,
    tags,
    handler: async (request, reply) => {
      const { id, evento, adjunto } = request.params;
      const a = await adjuntoParaDescargar(db, id, evento, adjunto);
      // Whatever type the SDK declared, it goes as bytes to save (with nosniff and a sandbox): an attachment is
      // the reporting app's content, never shown in the portal's origin.
      return sendDownload(request, reply, store, { ...a, tipo: TIPO_DESCARGA }, a.nombre, async () => {});
    },
  });

  route(app, insightsLogsApi.logs, {
    config: VER,
    tags,
    handler: async (request) => ({
      error: null,
      datos: await logsDeProyecto(db, request.params.id, request.query),
    }),
  });
};
