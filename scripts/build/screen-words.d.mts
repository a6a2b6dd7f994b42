type Dict = { [key: string]: string | Dict };
type Metafile = { outputs: Record<string, { imports: { path: string; kind: string; external?: boolean }[]; entryPoint?: string; inputs: Record<string, { bytesInOutput: number }> }> };

/** Groups that stay whole in the locale file (see screen-words.mjs). */
export const KEPT_GROUPS: string[];

/** The words under `key`: string keys, and counted texts whole. */
export function leafKeys(dict: Dict, key: string): string[];

/** `dict` without the words `keys` names. */
export function dropWords(dict: Dict, keys: readonly string[]): Dict;

/** The screens' part's keys, the routes that load it and those whose words are all in the file. */
export function screenWords(
  metafile: Metafile,
  options: { entryOutput: string; keep: readonly string[]; routes: readonly { name: string; file: string }[]; dict: Dict },
): Promise<{ keys: string[]; routes: string[]; fileOnly: string[] }>;
