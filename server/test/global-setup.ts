/**
 * Vitest global setup of the `server` project: one throw-away PostgreSQL (embedded, fresh temp dir,
 * free port, no fsync) with a migrated template database. Test files clone the template
 * (server/test/helpers.ts), so each file starts from an empty, fully migrated schema in milliseconds.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDb } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrateDatabase } from '../db/migrate';

export const TEMPLATE_DATABASE = 'casino_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the test cluster's maintenance database (`postgres`), for CREATE DATABASE. */
    testDatabaseAdminUrl: string;
    /** Name of the migrated template database to clone. */
    testDatabaseTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const started = Date.now();
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'casino-test-pg-'));
  await fs.chmod(root, 0o755); // the postgres user must be able to enter it when tests run as root
  const quiet = () => undefined;
  const embedded = await startEmbeddedPostgres({
    dataDir: root,
    port: 0,
    database: TEMPLATE_DATABASE,
    ephemeral: true,
    log: { debug: quiet, info: quiet, warn: console.warn, error: console.error },
  });

  const template = createDb(embedded.url);
  try {
    await migrateDatabase(template);
  } finally {
    await template.pool.end();
  }
  const adminUrl = new URL(embedded.url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`ALTER DATABASE ${TEMPLATE_DATABASE} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
  await admin.end();

  project.provide('testDatabaseAdminUrl', adminUrl.toString());
  project.provide('testDatabaseTemplate', TEMPLATE_DATABASE);
  if (process.env.TEST_TIMINGS) console.info(`[server tests] PostgreSQL ready in ${Date.now() - started} ms`);

  return async () => {
    await embedded.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
}
