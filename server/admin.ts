/**
 * Operator CLI: `npm run admin -- <group> <command> [args]` (`npm run admin -- help` lists them).
 * Uses DATABASE_URL, or the embedded PostgreSQL under DATA_DIR: the one the API server is running, or
 * one started for this command and stopped afterwards.
 */
import { pino } from 'pino';
import { runAdmin } from './admin/cli';
import { ConfigError, loadConfig } from './config';
import { openDatabase, type OpenDatabase } from './db/connect';
import { paymentProviders } from './modules/billing/providers';

async function main(): Promise<number> {
  let config;
  try {
    // The CLI signs nothing, so it runs without JWT_SECRET (an unset NODE_ENV means production).
    config = loadConfig(process.env, { requireJwtSecret: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  // Quiet unless LOG_LEVEL is set explicitly; logs go to stderr so stdout stays the command's output.
  const log = pino({ level: process.env.LOG_LEVEL ? config.logLevel : 'warn' }, pino.destination(2));

  let database: OpenDatabase | undefined;
  const interrupt = (signal: NodeJS.Signals) => {
    void (database?.close() ?? Promise.resolve()).finally(() =>
      process.exit(signal === 'SIGINT' ? 130 : 143),
    );
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);

  return runAdmin(process.argv.slice(2), {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    // Built only when a command needs them (`payout approve`).
    providers: () => paymentProviders(config),
    connect: async () => {
      database = await openDatabase(config, { log, role: 'client' });
      return database;
    },
  });
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
