/**
 * `npm run db:template`: makes the data directory template for the installed PGlite (see
 * template.ts). Run it after upgrading PGlite and commit the new file; it needs about 1 GB of
 * memory once, which is what the template spares every server.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { migrationsFolder } from './client.ts';
import { templateFile } from './template.ts';

function header(name: string, size: number, type: '0' | '5'): Buffer {
  const h = Buffer.alloc(512);
  if (Buffer.byteLength(name) > 100) throw new Error(`path too long for the template: ${name}`);
  h.write(name, 0);
  const octal = (value: number, from: number, length: number) => h.write(value.toString(8).padStart(length - 1, '0') + '\0', from, 'ascii');
  octal(type === '5' ? 0o700 : 0o600, 100, 8);
  octal(0, 108, 8);
  octal(0, 116, 8);
  octal(size, 124, 12);
  octal(0, 136, 12);
  h.write(type, 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.fill(' ', 148, 156);
  const sum = h.reduce((a, b) => a + b, 0);
  h.write(sum.toString(8).padStart(6, '0') + '\0 ', 148, 'ascii');
  return h;
}

/** A reproducible tar of a directory: sorted names, no owners or times. */
function tar(root: string): Buffer {
  const out: Buffer[] = [];
  const walk = (rel: string) => {
    for (const name of readdirSync(path.join(root, rel)).sort()) {
      const member = rel ? `${rel}/${name}` : name;
      const full = path.join(root, member);
      if (statSync(full).isDirectory()) {
        out.push(header(`${member}/`, 0, '5'));
        walk(member);
      } else {
        const data = readFileSync(full);
        out.push(header(member, data.length, '0'), data, Buffer.alloc((512 - (data.length % 512)) % 512));
      }
    }
  };
  walk('');
  out.push(Buffer.alloc(1024));
  return Buffer.concat(out);
}

const scratch = mkdtempSync(path.join(os.tmpdir(), 'pgdata-template-'));
try {
  const dataDir = path.join(scratch, 'data');
  // A clean shutdown: the copy needs no recovery when a server first opens it.
  await (await PGlite.create({ dataDir })).close();
  const file = templateFile(migrationsFolder());
  mkdirSync(path.dirname(file), { recursive: true });
  for (const old of readdirSync(path.dirname(file))) unlinkSync(path.join(path.dirname(file), old));
  const packed = brotliCompressSync(tar(dataDir), {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_LGWIN]: 22 },
  });
  writeFileSync(file, packed);
  console.log(`${path.relative(process.cwd(), file)}: ${(packed.length / 1024).toFixed(0)} KB`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
