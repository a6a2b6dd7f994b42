/**
 * `POST /common/oss/upload` (docs/rules.md#uploads): one image per request, type decided by its bytes, stored
 * under a random name. `GET /uploads/<name>` serves it back (registered outside /prod-api).
 */
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context.ts';
import { uploads } from '../db/schema/index.ts';
import { AppError, ok } from '../http/envelope.ts';
import { eq } from 'drizzle-orm';
import { sniffImage } from './sniff.ts';
import { MAX_PIXELS, readPicture } from './picture/index.ts';
import { reserveUpload } from './quota.ts';
import { watchFullDisk } from './full-disk.ts';
import { privateFileUrl } from '../money/common.ts';
import { STORED_NAME, localFolderStorage, type Storage } from './storage.ts';

declare module '../context.ts' {
  interface ServerContext {
    /** Uploaded files; a local folder (UPLOAD_DIR, default `<DATA_DIR>/uploads`) unless set. */
    storage?: Storage;
  }
}

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const UPLOADS_PATH = '/uploads/';

const typeError = () =>
  new AppError(400, 'upload.type', 'Only PNG, JPEG or WebP images can be uploaded');
const sizeError = () =>
  new AppError(400, 'upload.tooLarge', 'The image is larger than 5 MB', { maxMb: 5 });
/** The form the app sends (src/api/upload.ts): one part named `file`. */
const UploadForm = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'PNG, JPEG or WebP image, at most 5 MB and 25 megapixels' } },
};

const tooManyPixels = () =>
  new AppError(400, 'upload.tooManyPixels', `The picture is too large: at most ${MAX_PIXELS / 1e6} megapixels`, { mp: MAX_PIXELS / 1e6 });
const emptyError = () => new AppError(400, 'upload.empty', 'No image was uploaded, or the file is empty');
const malformedError = () => new AppError(400, 'upload.malformed', 'The upload was cut off or damaged, please try again');

/**
 * The one file of a multipart request. Busboy stops a file at `fileSize` and marks it truncated,
 * but `toBuffer` only notices when another chunk follows the cut, so a file cut at exactly 5 MB
 * can come back looking complete: the flag decides. A part the parser cannot read (no boundary,
 * cut off, garbled) is the client's fault, not ours.
 */
async function readOneFile(request: FastifyRequest): Promise<Buffer> {
  try {
    const file = await request.file();
    if (!file) throw emptyError();
    const bytes = await file.toBuffer();
    if (file.file.truncated) throw sizeError();
    return bytes;
  } catch (e) {
    if (e instanceof AppError) throw e;
    if ((e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw sizeError();
    if ((e as { statusCode?: number }).statusCode === undefined) throw malformedError();
    throw e;
  }
}

/** The context's storage, creating the local-folder default on first use. */
export function storageOf(ctx: ServerContext): Storage {
  ctx.storage ??= localFolderStorage(process.env.UPLOAD_DIR || uploadDir(ctx.config.dataDir));
  return ctx.storage;
}

/** `<DATA_DIR>/uploads`; an in-memory database keeps its uploads in the system's temp folder. */
function uploadDir(dataDir: string): string {
  return dataDir.startsWith('memory://')
    ? path.join(os.tmpdir(), `trade-lite-uploads-${process.pid}`)
    : path.join(dataDir, 'uploads');
}

export const uploadRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (api, { ctx }) => {
  const storage = storageOf(ctx);
  const fullDisk = watchFullDisk(storage.where);
  await api.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  api.post(
    '/common/oss/upload',
    {
      config: {
        auth: true,
        // Documented only: a `body` schema here would be checked against the parsed multipart body,
        // which @fastify/multipart leaves to the handler.
        swaggerTransform: ({ schema, url }) => ({ schema: { 'x-errors': ['upload.empty', 'upload.malformed', 'upload.type', 'upload.tooLarge', 'upload.tooManyPixels', 'upload.tooMany', 'upload.dailyLimit', 'upload.storageFull'], ...schema, body: UploadForm }, url }),
      },
      schema: {
        summary: 'Upload an image (PNG, JPEG or WebP, at most 5 MB and 25 megapixels; 20 an hour and 50 MB a day per user); it is stored without its metadata',
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw emptyError();
      const bytes = await readOneFile(request);
      if (bytes.length === 0) throw emptyError();
      const image = sniffImage(bytes);
      if (!image) throw typeError();
      // Read from the header before anything decodes it; what is kept has no metadata (GPS, device).
      const picture = readPicture(bytes, image.type);
      if (!picture) throw malformedError();
      if (picture.width * picture.height > MAX_PIXELS) throw tooManyPixels();
      const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
      // Private from the start: a proof or a payment QR is its owner's document. Only an image the
      // owner makes their avatar becomes public at /uploads/<name>. The row is written first, as
      // the quota's count, and taken back when the file cannot be.
      await reserveUpload(ctx, request.userId, name, picture.bytes.length);
      try {
        await storage.put(name, picture.bytes, image.type);
      } catch (err) {
        // A row left behind (the database failing too) only counts against the quota until the
        // cleanup removes it a day later; the write's own error is what the user is told.
        await ctx.db.delete(uploads).where(eq(uploads.name, name)).catch((e: unknown) => request.log.warn({ err: e, name }, 'could not take back an upload row'));
        throw fullDisk.failed(err, request.log);
      }
      fullDisk.stored(request.log);
      request.log.info({ userId: request.userId, name, bytes: picture.bytes.length, received: bytes.length }, 'image uploaded');
      return ok({ url: privateFileUrl(name)!, name });
    },
  );
};

/** Serves stored uploads; registered at the root, beside the built app. */
export const uploadFileRoutes: FastifyPluginAsync<{ ctx: ServerContext }> = async (app: FastifyInstance, { ctx }) => {
  const storage = storageOf(ctx);
  app.get<{ Params: { name: string } }>(`${UPLOADS_PATH}:name`, { schema: { hide: true } }, async (request, reply) => {
    const { name } = request.params;
    // Only avatars are public; every other upload is read by its owner through the API, by the operator through the admin API.
    const [record] = STORED_NAME.test(name) ? await ctx.db.select({ private: uploads.private }).from(uploads).where(eq(uploads.name, name)) : [];
    const file = record && !record.private ? await storage.get(name) : null;
    if (!file) return reply.code(404).type('text/plain').send('Not Found');
    return reply
      .type(file.type)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(file.stream);
  });
};
