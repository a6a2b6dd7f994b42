import type { Plugin } from 'esbuild';

/** The parts of an esbuild metafile lazySharedModules reads. */
export interface ProbeMetafile {
  inputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[] }>;
  outputs: Record<string, { inputs: Record<string, { bytesInOutput: number }> }>;
}

export const SHELL: string;
export const LAZY_SHARED: string;

export interface SharedPart {
  modules: string[];
  importers: string[];
}

/**
 * Modules beyond the first load that at least `min` lazy entries reach, and the entries reaching
 * any; and what a `landing` entry shares with at least one other, but for the modules of `apart`;
 * `parts`: those the `form` entries reach, those of the others the `early` entries reach, then the
 * `landing` entries, and the rest.
 */
export function lazySharedModules(options: {
  metafile: ProbeMetafile;
  first: { inputs: ReadonlySet<string> };
  lazy: readonly string[];
  also?: readonly string[];
  min: number;
  form?: readonly string[];
  early?: readonly string[];
  landing?: readonly string[];
  apart?: ReadonlySet<string>;
}): SharedPart & { parts: SharedPart[] };

/** Makes the shell and each part of the lazy shared modules one chunk each (see one-shell-chunk.mjs). */
export function oneShellChunkPlugin(options: {
  root: string;
  entry: string;
  first: { inputs: ReadonlySet<string> };
  lazy: readonly string[];
  also?: readonly string[];
  shared?: { parts: readonly SharedPart[] };
}): Plugin;
