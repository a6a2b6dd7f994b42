import type { Plugin } from 'esbuild';

/** The parts of an esbuild metafile lazySharedModules reads. */
export interface ProbeMetafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

export const SHELL: string;
export const LAZY_SHARED: string;

/** Modules beyond the first load that at least `min` lazy entries reach, and the entries reaching any. */
export function lazySharedModules(options: {
  metafile: ProbeMetafile;
  first: { inputs: ReadonlySet<string> };
  lazy: readonly string[];
  also?: readonly string[];
  min: number;
}): { modules: string[]; importers: string[] };

/** Makes the shell and the lazy shared modules one chunk each (see one-shell-chunk.mjs). */
export function oneShellChunkPlugin(options: {
  root: string;
  entry: string;
  first: { inputs: ReadonlySet<string> };
  lazy: readonly string[];
  also?: readonly string[];
  shared?: { modules: readonly string[]; importers: readonly string[] };
}): Plugin;
