#!/usr/bin/env node
/**
 * Builds the app, the market worker, index.html and the locales into dist/ (the folder served to
 * browsers) and the server into dist-server/ (never served), prints the size report and fails
 * over the budgets of .size-limit.json (size-limit's format, so size-limit checks the same).
 *
 *   node build.mjs               production build into dist/
 *   node build.mjs --react       the same app on real react/react-dom into dist-react/ (comparison)
 *   node build.mjs --if-missing  build only when dist/ or dist-server/ is missing (npm start; budgets
 *                                are reported, not enforced: CI enforces them, a user just wants to run it)
 *   node build.mjs --size-only   re-measure the existing build and check the budgets (npm run size)
 *   node build.mjs --watch --serve  rebuild on change and restart dist-server/server.js (npm run dev)
 *   SOURCEMAP=1 node build.mjs   also writes source maps beside the app's chunks (to read CPU profiles)
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { build, distDir, serverFile, sizeOnly } from './scripts/build/pipeline.mjs';

const flags = new Set(process.argv.slice(2));
const known = ['--react', '--if-missing', '--size-only', '--watch', '--serve'];
for (const flag of flags) {
  if (!known.includes(flag)) {
    console.error(`unknown flag ${flag}; known: ${known.join(' ')}`);
    process.exit(2);
  }
}
const react = flags.has('--react');

try {
  if (flags.has('--watch')) {
    const { watch } = await import('./scripts/build/dev.mjs');
    await watch({ serve: flags.has('--serve') });
  } else if (flags.has('--size-only')) {
    await sizeOnly({ react });
  } else if (flags.has('--if-missing')) {
    const built = existsSync(path.join(distDir(react), 'index.html')) && (react || existsSync(serverFile()));
    if (built) console.log('dist/ and dist-server/ exist: not rebuilding (`npm run build` rebuilds)');
    else await build({ react, strict: false });
  } else {
    await build({ react });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
