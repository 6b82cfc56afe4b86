import { archivosApi } from '@intranet/contract/areas/archivos/endpoints';
import type { PermissionCode } from '@intranet/contract/registry';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { autorDe, writeAudit, type AuditEntities } from '../../db/audit.ts';
import { sessionOf } from '../../plugins/access.ts';
import { ApiError } from '../../core/api-error.ts';
import { route } from '../../core/endpoint.ts';
import { sendDownload } from '../../storage/download.ts';
import { receiveUpload, streamedBodies } from '../../storage/upload.ts';
import {
  archivoDescargable,
  archivoPorSha,
  conArchivo,
  contarDescargaArchivo,
  ENTIDAD_ARCHIVO,
  registrarArchivo,
  type FileDeps,
} from '../../storage/archivos.ts';

export const archivosAuditoria: AuditEntities = { [ENTIDAD_ARCHIVO]: 'PACKS#VER' };

/** The areas that attach files: whoever may write one of them may put a file in the store. */
export const ESCRIBEN_ARCHIVOS: readonly PermissionCode[] = ['PACKS#EDITAR', 'VERSIONES#EDITAR', 'APP#EDITAR'];
/**
 * The screens that offer an upload (Paquetes de instalación, an application's Versiones tab) ask the limit on opening.
 */
const SUBEN_ARCHIVOS: readonly PermissionCode[] = ['PACKS#VER', 'APP#VER', ...ESCRIBEN_ARCHIVOS];

const tags = ['archivos'];
const noExiste = () => new ApiError(404, 'El archivo no existe');

/** `{archivos}`: the content-addressed file store shared by paquetes, versiones and the apps area. */
export const archivosRoutes: FastifyPluginAsyncZod<FileDeps> = async (app, { db, store, maxBytes }) => {
  route(app, archivosApi.descarga, {
    // Byte ranges and Content-Length describe the stored bytes: the download goes as stored.
    options: { compress: false },
    // The SHA-256 is the key: only who was given the link (or has the file) can form it. Installers reach
    // clients this way, without a portal session. Only files something still holds: a file whose package,
    // version asset or app went away stops being public at once, before the sweep removes it.
    config: { access: 'public' },
    tags,
    handler: async (request, reply) => {
      const file = await archivoDescargable(db, request.params.sha256);
      if (!file) throw noExiste();
      return sendDownload(request, reply, store, file, request.query.nombre ?? file.nombre, () =>
        contarDescargaArchivo(db, file.id),
      );
    },
  });

  route(app, archivosApi.limite, {
    config: { access: SUBEN_ARCHIVOS },
    tags,
    handler: async () => ({ error: null, datos: { max_bytes: maxBytes } }),
  });

  route(app, archivosApi.info, {
    config: { access: SUBEN_ARCHIVOS },
    tags,
    handler: async (request) => {
      const file = await archivoPorSha(db, request.params.sha256);
      if (!file) throw noExiste();
      return { error: null, datos: file };
    },
  });

  // The upload reads its body as a stream: its own scope, where every content type is passed through.
  await app.register(async (scope) => {
    streamedBodies(scope);
    route(scope.withTypeProvider<ZodTypeProvider>(), archivosApi.subir, {
      config: { access: ESCRIBEN_ARCHIVOS },
      tags,
      handler: async (request, reply) => {
        const upload = await receiveUpload(request, store, maxBytes);
        const autor = autorDe(sessionOf(request));
        const creado = await conArchivo(db, store, upload, () =>
          db.transaction(async (tx) => {
            const file = await registrarArchivo(tx, upload, request.query.nombre);
            await writeAudit(tx, {
              autor,
              accion: 'subir',
              entidad: ENTIDAD_ARCHIVO,
              entidadId: file.id,
              despues: file,
            });
            return file;
          }),
        );
        return reply.code(201).send({ error: null, datos: creado });
      },
    });
  });
};
