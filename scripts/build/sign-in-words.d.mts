/** Server reasons a visitor may meet, read by a computed key (see sign-in-words.mjs). */
export const SIGN_IN_REASONS: string[];

type Dict = { [key: string]: string | Dict };

/** The part of a nested locale dictionary that `keys` name (a key takes its subkeys along). */
export function pickWords(dict: Dict, keys: readonly string[]): Dict;

/** The keys of the sign-in part, from the app build's metafile. */
export function signInKeys(
  metafile: { outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }> },
  options: { entryOutput: string; signIn: readonly string[]; screens: readonly string[]; dict: Dict; tails?: Record<string, readonly string[]> },
): Promise<string[]>;
