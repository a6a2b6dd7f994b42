/** A route of the route table as the build reads it (see route-files.mjs). */
export interface TableRoute {
  name: string;
  access: 'auth' | 'open' | 'user';
  /** The module its loader imports, from the repository root: `src/money/forms/Withdraw.tsx`. */
  entry: string;
  /** Its URL without the slash, the key of routes.json. */
  key: string;
}

export function readRoutes(): Promise<TableRoute[]>;
