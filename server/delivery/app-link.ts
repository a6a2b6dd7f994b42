/**
 * Links in notices: the app's address as the operator configured it (`notice.appUrl`), since a
 * request's Host header is the sender's to choose and must not decide where a mail points.
 */
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { config } from '../db/schema/index.ts';

export const APP_URL_KEY = 'notice.appUrl';

/** `https://app.example.com/devices`, or the bare path while no address is configured. */
export async function appLink(db: DbOrTx, path: string): Promise<string> {
  const [row] = await db.select({ value: config.value }).from(config).where(eq(config.key, APP_URL_KEY));
  return (row?.value ?? '').replace(/\/+$/, '') + path;
}
