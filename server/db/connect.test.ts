import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers';
import { createDb } from './client';
import { API_APPLICATION_NAME, openDatabase } from './connect';
import { blockedCountries } from './schema';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-connect-'));
fs.chmodSync(root, 0o755);
const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
/** Each test has a DATA_DIR of its own, so what one leaves running is not another's starting point. */
const dataDirs: string[] = [];
const configFor = (dir: string) => {
  dataDirs.push(path.join(root, dir));
  return testConfig({ DATA_DIR: path.join(root, dir), EMBEDDED_PG_PORT: '0' });
};
const postmasterPid = (dir: string) =>
  Number(fs.readFileSync(path.join(root, dir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

afterAll(async () => {
  // Whatever is still running is adopted and stopped by a "server" open, as the next API start would.
  for (const dataDir of dataDirs) {
    if (!fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))) continue;
    const server = await openDatabase(testConfig({ DATA_DIR: dataDir, EMBEDDED_PG_PORT: '0' }), {
      log: quiet,
      role: 'server',
    });
    await server.close();
  }
  fs.rmSync(root, { recursive: true, force: true });
});

describe('openDatabase (embedded)', () => {
  it('starts, migrates, and stops the embedded PostgreSQL of a short-lived tool', async () => {
    const tool = await openDatabase(configFor('tool'), { log: quiet, role: 'client' });
    expect(await tool.db.select().from(blockedCountries)).toEqual([]);
    expect(tool.description).toMatch(/^postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:\d+\/casino$/);
    const pid = postmasterPid('tool');
    await tool.close();
    expect(alive(pid)).toBe(false);
  });

  it('leaves it running when an API server attached while the tool was using it', async () => {
    const tool = await openDatabase(configFor('shared-with-api'), { log: quiet, role: 'client' });
    const pid = postmasterPid('shared-with-api');
    const url = new URL(tool.description);
    url.password = JSON.parse(
      fs.readFileSync(path.join(root, 'shared-with-api', 'postgres-auth.json'), 'utf8'),
    ).password;
    const apiServer = createDb(url.toString(), { applicationName: API_APPLICATION_NAME });
    await apiServer.pool.query('SELECT 1');

    const exitHooks = process.listenerCount('exit');
    await tool.close();
    expect(alive(pid)).toBe(true);
    expect(process.listenerCount('exit')).toBe(exitHooks - 1); // it will not be stopped when this process exits
    expect((await apiServer.pool.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    await apiServer.pool.end();
  });
});
