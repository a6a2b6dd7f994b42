/** The server process: open and migrate the database, seed a fresh one, listen, shut down cleanly. */
import { startAdminServer } from './operator/api/listen.ts';
import { buildApp } from './app.ts';
import { logCodeSender } from './auth/code-sender.ts';
import { createBus } from './bus/index.ts';
import { testClockFromEnv } from './clock/adjustable.ts';
import { configFromEnv, systemClock, type ServerContext } from './context.ts';
import { DataDirLockedError, migrateDatabase, openDatabase } from './db/client.ts';
import { startWaitFromEnv } from './db/pg-pool.ts';
import { DatabaseStartError } from './db/wait.ts';
import { describeOutage, outageOf } from './db/outage.ts';
import { logRedaction } from './http/log-redaction.ts';
import { startDaily } from './jobs/daily.ts';
import { startKeyCleanup } from './jobs/forget-keys.ts';
import { startUploadCleanup } from './jobs/forget-uploads.ts';
import { installSafeConsole, safeStdout } from './log/safe-output.ts';
import { startSettlement } from './orders/settle.ts';
import { startMarketFeed } from './market/start.ts';
import { seedDemo } from './seed/index.ts';
import { storageOf } from './uploads/routes.ts';
import { startLine } from './start-line.ts';
import { memoryWarning } from './memory-options.ts';
import { removeStaleCopies } from './backup/archive.ts';
import { backupScheduleFromEnv, startDailyBackups, type BackupSchedule } from './backup/daily.ts';
import { shutdownTimeoutFromEnv, stopServer } from './shutdown.ts';
import { DeliveryConfigError, deliveryLines, providersFromEnv } from './delivery/config.ts';
import { useOutbox } from './delivery/start.ts';

async function main(): Promise<void> {
  installSafeConsole();
  const config = configFromEnv();
  const backupSchedule = backupScheduleFromEnv(process.env, config.dataDir);
  let providers;
  try {
    providers = providersFromEnv();
  } catch (e) {
    if (!(e instanceof DeliveryConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      waitMs: config.databaseUrl ? startWaitFromEnv() : 0,
      log: (line) => console.error(line),
    });
  } catch (e) {
    if (e instanceof DataDirLockedError || e instanceof DatabaseStartError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  await migrateDatabase(database);
  const { hasDemo } = await seedDemo(database.db, { demoAccount: process.env.DEMO === '1' });

  let log: (msg: string) => void = console.log;
  const testClock = testClockFromEnv();
  const ctx: ServerContext = {
    db: database.db,
    database,
    config,
    clock: testClock ?? systemClock,
    ...(testClock ? { testClock } : {}),
    logger: {
      level: process.env.LOG_LEVEL ?? 'info',
      ...logRedaction,
      stream: { write: (line: string) => void safeStdout.write(line) },
    },
    codeSender: logCodeSender((msg) => log(msg)),
    // On PostgreSQL pushes cross processes by LISTEN/NOTIFY; on PGlite the socket routes use an in-process bus.
    ...(database.pool
      ? { bus: await createBus({ databaseUrl: config.databaseUrl, pool: database.pool, timeouts: database.timeouts, log: (msg, err) => log(err ? `${msg}: ${String((err as Error).message ?? err)}` : msg) }) }
      : {}),
  };
  const app = await buildApp(ctx);
  log = (msg) => app.log.info(msg);
  // Before listening: a code asked for at once must find the outbox, not the log.
  const deliveryLog = quietDuringOutages(ctx, app.log);
  const delivery = useOutbox(ctx, providers, { log: { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m), error: (o, m) => deliveryLog.error(o, m) } });
  for (const line of deliveryLines(providers)) app.log[line.level](line.msg);
  const feed = await startMarketFeed(ctx, { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) });
  // Every phone reconnects at once after a restart, and 2,000 pollers open 4,000 connections within
  // seconds: node's default queue of 511 unaccepted connections overflowed while the database held
  // the event loop, and the kernel reset the rest (ECONNRESET after seconds of SYN retries). The
  // kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.port, host: config.host, backlog: 4096 });
  const port = (app.server.address() as { port: number }).port;
  const admin = await startAdminServer(ctx);
  // After buildApp: the socket routes give the context its bus, which settlement pushes through.
  const jobLog = quietDuringOutages(ctx, app.log);
  const settlement = startSettlement(ctx, { log: jobLog });
  const daily = startDaily(ctx, { log: jobLog });
  const keyCleanup = startKeyCleanup(ctx, { log: jobLog });
  const uploadCleanup = startUploadCleanup(ctx, storageOf(ctx), { log: jobLog });
  const backups = dailyBackups(ctx, backupSchedule, app.log, jobLog);
  if (testClock) app.log.warn('TEST_CLOCK: the clock can be moved through the admin API');
  // Before the start-up line: a supervisor may stop us the moment it reads it, and a stop without
  // a handler would skip the clean shutdown (and leave the data directory's lock behind).
  let stopping = false;
  const timeoutMs = shutdownTimeoutFromEnv();
  const stop = async (signal: string) => {
    if (stopping) {
      console.error(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests (at most ${timeoutMs / 1000} s)`);
    try {
      await stopServer({ app, admin: admin.app, jobs: [settlement, ...(feed ? [feed] : []), daily, keyCleanup, uploadCleanup, ...(backups ? [backups] : []), ...(delivery ? [delivery] : [])], ctx, database, timeoutMs, log: app.log });
      process.exit(0);
    } catch (e) {
      console.error('shutdown failed', e);
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  const memory = database.pglite ? memoryWarning(process.execArgv, process.env) : null;
  if (memory) app.log.warn(memory);
  console.log(startLine({ port, host: config.host, database: database.label, hasDemo, adminPort: admin.port }));
}

/** On PGlite, the daily backup (the only process leads); PostgreSQL is backed up with its own tools. */
function dailyBackups(ctx: ServerContext, schedule: BackupSchedule | null, log: { info(msg: string): void }, jobLog: { error(obj: object, msg: string): void }) {
  if (!ctx.database.pglite) return null;
  void removeStaleCopies(ctx.config.dataDir);
  if (!schedule) {
    log.info('daily backups are off (BACKUP_KEEP=0)');
    return null;
  }
  return startDailyBackups(ctx, schedule, { log: { info: (m) => log.info(m), error: (o, m) => jobLog.error(o, m) } });
}

/** A job's failed pass during a database outage is already in the outage's log line: no stack each second. */
function quietDuringOutages(ctx: ServerContext, log: { error(obj: object, msg: string): void }) {
  return {
    error(obj: object, msg: string) {
      if (ctx.outages?.report((obj as { err?: unknown }).err, false)) return;
      log.error(obj, msg);
    },
  };
}

main().catch((e) => {
  // The database went away between the first answer and the start-up line (a migration, the seed).
  if (outageOf(e)) console.error(`database lost during start-up: ${describeOutage(e)}`);
  else console.error(e);
  process.exit(1);
});
