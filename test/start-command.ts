/**
 * What `npm start` runs, read from package.json: the environment and node options of the
 * production command, so that the memory test and the benchmark measure the server as it is run.
 */
import { readFileSync } from 'node:fs';

export interface StartCommand {
  env: Record<string, string>;
  nodeArgs: string[];
}

export function startCommand(): StartCommand {
  const scripts = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts as Record<string, string>;
  // `node build.mjs --if-missing && NAME=value node --flag … dist-server/server.js`
  const words = scripts.start!.split('&&').pop()!.trim().split(/\s+/);
  const node = words.indexOf('node');
  if (node === -1 || !words[words.length - 1]!.endsWith('server.js')) throw new Error(`npm start is not "[NAME=value …] node [--flag …] …server.js": ${scripts.start}`);
  const env = Object.fromEntries(words.slice(0, node).map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]));
  return { env, nodeArgs: words.slice(node + 1, -1) };
}
