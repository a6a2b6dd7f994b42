/** Server reasons a visitor may meet, read by a computed key (see sign-in-words.mjs). */
export const SIGN_IN_REASONS: string[];

type Dict = { [key: string]: string | Dict };

/** The part of a nested locale dictionary that `keys` name (a key takes its subkeys along). */
export function pickWords(dict: Dict, keys: readonly string[]): Dict;

type Metafile = {
  inputs: Record<string, { imports: { path: string; kind: string }[] }>;
  outputs: Record<string, { entryPoint?: string }>;
};

/** The source files whose words the sign-in part holds: the entry's reach short of the screens, and the sign-in screens' static imports. */
export function signInSources(metafile: Metafile, options: { entryOutput: string; signIn: readonly string[]; screens: readonly string[] }): Set<string>;

/** The keys of the sign-in part, from the app build's metafile. */
export function signInKeys(
  metafile: Metafile,
  options: { entryOutput: string; signIn: readonly string[]; screens: readonly string[]; dict: Dict; tails?: Record<string, readonly string[]> },
): Promise<string[]>;
