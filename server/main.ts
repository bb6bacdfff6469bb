/**
 * The API server process (`npm run api`): config → database (embedded unless DATABASE_URL) → migrations →
 * seed → listen. SIGINT/SIGTERM close the HTTP server, the pool and the embedded PostgreSQL, then exit 0;
 * a second signal exits at once.
 */
import { pino } from 'pino';
import { buildApp, type App } from './app';
import { paymentProviders } from './modules/billing/providers';
import { reconcile } from './modules/billing/reconcile';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type OpenDatabase } from './db/connect';
import { seedDatabase, seedSteps } from './db/seed';
import { OUTBOX_PURGE_INTERVAL_MS, redactExpiredMessages } from './modules/outbox/service';

const SHUTDOWN_TIMEOUT_MS = 20_000;

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });
  if (config.nodeEnv !== 'production') {
    log.warn(
      `NODE_ENV=${config.nodeEnv}: development helpers are ON (/dev/outbox with one-time codes, sandbox payments and social log-in, demo players with published passwords). Never expose this server; set NODE_ENV=production for a deployment.`,
    );
  }

  let database: OpenDatabase | undefined;
  let app: App | undefined;
  let shuttingDown = false;

  const shutdown = async (reason: string, exitCode: number) => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info(`Shutting down (${reason})`);
    const force = setTimeout(() => {
      log.error(`Shutdown took longer than ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    try {
      // A start in progress finishes first, so that whatever it opened is closed below.
      await startup.catch(() => undefined);
      await app?.close();
      await database?.close();
    } catch (error) {
      log.error({ err: error }, 'Error during shutdown');
      exitCode = exitCode || 1;
    }
    log.flush();
    process.exit(exitCode);
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (shuttingDown) {
        log.warn(`Second ${signal}: exiting now`);
        process.exit(1);
      }
      void shutdown(signal, 0);
    });
  }

  // Started by `npm start`: stop with the supervisor even if it dies without passing a signal on.
  const supervisorPid = Number(process.env.SUPERVISOR_PID);
  if (Number.isInteger(supervisorPid) && supervisorPid > 0) {
    setInterval(() => {
      try {
        process.kill(supervisorPid, 0);
      } catch {
        void shutdown('supervisor exited', 0);
      }
    }, 1_000).unref();
  }

  const startup = (async () => {
    database = await openDatabase(config, {
      log,
      role: 'server',
      onDatabaseExit: () => void shutdown('embedded PostgreSQL exited', 1),
    });
    log.info(`Database: ${database.description}`);
    // Demo players have published passwords: never in production.
    const seeded = await seedDatabase(database.db, seedSteps, { demo: config.nodeEnv !== 'production' });
    if (seeded.length > 0) log.info(`Seeded: ${seeded.join(', ')}`);
    if (shuttingDown) return;
    app = buildApp({ db: database.db, config, logger: log });
    await app.listen({
      host: config.apiHost,
      port: config.apiPort,
      listenTextResolver: (address) => `API listening on ${address}`,
    });
    // Blank outbox messages whose one-time code or link has expired (outbox/service.ts).
    const { db } = database;
    setInterval(() => {
      if (shuttingDown) return;
      redactExpiredMessages(db, new Date()).catch((error: unknown) =>
        log.warn({ err: error }, 'Outbox purge failed; retrying later'),
      );
    }, OUTBOX_PURGE_INTERVAL_MS).unref();
    // Ask the providers that answer status queries about what their callbacks may have lost.
    const providers = paymentProviders(config);
    const queryable = [...providers.values()].some((p) => p.queryInvoice || p.queryPayout);
    if (queryable && config.reconcileIntervalSeconds > 0) {
      let running = false;
      setInterval(() => {
        if (shuttingDown || running) return;
        running = true;
        reconcile(db, { providers, now: new Date() })
          .then((report) => {
            if (report.lines.length > 0) log.info({ reconciliation: report.lines }, 'Reconciliation');
          })
          .catch((error: unknown) => log.warn({ err: error }, 'Reconciliation failed; retrying later'))
          .finally(() => {
            running = false;
          });
      }, config.reconcileIntervalSeconds * 1000).unref();
    }
  })();
  try {
    await startup;
  } catch (error) {
    log.fatal({ err: error }, 'API server failed to start');
    await shutdown('startup failure', 1);
  }
}

void main();
