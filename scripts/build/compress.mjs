/** Precompressed `.br` (quality 11) and `.gz` (level 9) beside every text asset, for @fastify/static. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const TEXT = /\.(html|js|mjs|css|json|svg|webmanifest|txt|xml)$/;

export const brotliOptions = (size) => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});

export const compressBrotli = (buf) => brotli(buf, brotliOptions(buf.length));
export const compressGzip = (buf) => gzip(buf, { level: 9 });

async function* textFiles(dir, base = dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(file, base);
    else if (TEXT.test(entry.name)) yield file;
  }
}

/** Compresses every text asset under `dir`; returns how many files. */
export async function compressAll(dir) {
  const jobs = [];
  for await (const file of textFiles(dir)) {
    jobs.push(
      readFile(file).then((buf) =>
        Promise.all([
          compressBrotli(buf).then((out) => writeFile(file + '.br', out)),
          compressGzip(buf).then((out) => writeFile(file + '.gz', out)),
        ]),
      ),
    );
  }
  await Promise.all(jobs);
  return jobs.length;
}
