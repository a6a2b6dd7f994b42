/** `POST /admin/backup`: the archive of the running server, streamed to the command line. */
import type { FastifyPluginAsync } from 'fastify';
import type { ServerContext } from '../../context.ts';
import { makeBackup } from '../../backup/make.ts';

/** The manifest travels in this header, so the command line can say what it received. */
export const MANIFEST_HEADER = 'x-backup-manifest';

export const adminBackupRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app, { ctx }) => {
  app.post('/backup', async (request, reply) => {
    const { stream, manifest } = await makeBackup(ctx);
    request.log.info({ files: manifest.files, uploads: manifest.uploads }, 'backup: sending an archive to the operator');
    stream.once('error', (err) => request.log.error({ err }, 'backup: the archive could not be completed'));
    reply.header('content-type', 'application/gzip');
    reply.header(MANIFEST_HEADER, JSON.stringify(manifest));
    return reply.send(stream);
  });
};
