/** The server process: open and migrate the database, seed a fresh one, listen, shut down cleanly. */
import { startAdminServer } from './admin/listen.ts';
import { buildApp } from './app.ts';
import { logCodeSender } from './auth/code-sender.ts';
import { createBus } from './bus/index.ts';
import { testClockFromEnv } from './clock/adjustable.ts';
import { configFromEnv, systemClock, type ServerContext } from './context.ts';
import { DataDirLockedError, migrateDatabase, openDatabase } from './db/client.ts';
import { startDaily } from './jobs/daily.ts';
import { startKeyCleanup } from './jobs/forget-keys.ts';
import { startSettlement } from './orders/settle.ts';
import { startMarketFeed } from './market/start.ts';
import { seedDemo } from './seed/index.ts';
import { DEMO_PASSWORD, DEMO_USERNAME } from './seed/content.ts';

async function main(): Promise<void> {
  const config = configFromEnv();
  let database;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (e) {
    if (e instanceof DataDirLockedError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await migrateDatabase(database);
  await seedDemo(database.db);

  let log: (msg: string) => void = console.log;
  const testClock = testClockFromEnv();
  const ctx: ServerContext = {
    db: database.db,
    database,
    config,
    clock: testClock ?? systemClock,
    ...(testClock ? { testClock } : {}),
    logger: { level: process.env.LOG_LEVEL ?? 'info' },
    codeSender: logCodeSender((msg) => log(msg)),
    // On PostgreSQL pushes cross processes by LISTEN/NOTIFY; on PGlite the socket routes use an in-process bus.
    ...(database.pool ? { bus: await createBus({ databaseUrl: config.databaseUrl, pool: database.pool }) } : {}),
  };
  const app = await buildApp(ctx);
  log = (msg) => app.log.info(msg);
  const feed = await startMarketFeed(ctx, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as { port: number }).port;
  const admin = await startAdminServer(ctx);
  // After buildApp: the socket routes give the context its bus, which settlement pushes through.
  const settlement = startSettlement(ctx, { log: app.log });
  const daily = startDaily(ctx, { log: app.log });
  const keyCleanup = startKeyCleanup(ctx, { log: app.log });
  if (testClock) app.log.warn('TEST_CLOCK: the clock can be moved through the admin API');
  // Before the start-up line: a supervisor may stop us the moment it reads it, and a stop without
  // a handler would skip the clean shutdown (and leave the data directory's lock behind).
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests`);
    try {
      // Settlement first: its last pass still pushes to the sockets the app is about to close.
      await settlement.stop();
      await feed?.stop();
      await daily.stop();
      await keyCleanup.stop();
      await admin.app.close();
      await app.close();
      await ctx.bus?.close();
      await database.close();
      process.exit(0);
    } catch (e) {
      console.error('shutdown failed', e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  console.log(
    `trade-lite on http://localhost:${port} · database: ${database.label} · ` +
      `demo account ${DEMO_USERNAME} / ${DEMO_PASSWORD} · operator API on 127.0.0.1:${admin.port}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
