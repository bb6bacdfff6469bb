/** Crash chains (issue 16): creating and publishing a chain, its salt, the fairness and history calls. */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crashFairnessReply, crashHistoryReply } from '@/lib/contracts/crash';
import { chainPosition, crashPointHundredths, previousGameHash } from '@/lib/fair/crash';
import { runAdmin } from '../../admin/cli';
import { createTestApp } from '../../test/helpers';
import { listAudit } from '../audit/service';
import { crashChains, crashGames } from './schema';

const { app, db } = await createTestApp();

async function admin(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin([...argv, '--operator', 'dana'], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    connect: async () => ({ db, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

const get = async (url: string) => {
  const response = await app.inject({ method: 'GET', url });
  return { status: response.statusCode, body: response.body, json: () => response.json() as unknown };
};

describe('crash chains', () => {
  it('has no chain at first: nothing published, no history', async () => {
    expect(crashFairnessReply.parse((await get('/crash/fairness')).json())).toEqual({
      terminating_hash: null,
      salt: null,
    });
    expect(crashHistoryReply.parse((await get('/crash/history')).json())).toEqual({ items: [] });
  });

  it('makes a chain whose every hash leads back to the printed terminating hash', async () => {
    const created = await admin('crash', 'chain', 'create', '--length', '1000');
    expect(created.code, created.err).toBe(0);
    const terminating = created.out.split('\n')[1];
    expect(terminating).toMatch(/^[0-9a-f]{64}$/);
    const games = await db.select().from(crashGames).orderBy(asc(crashGames.id));
    expect(games).toHaveLength(1000);
    expect(games.map((g) => g.position)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1));
    expect(previousGameHash(games[0].hash)).toBe(terminating);
    for (let i = 1; i < games.length; i += 1) expect(previousGameHash(games[i].hash)).toBe(games[i - 1].hash);
    expect(chainPosition(games[999].hash, terminating, 1000)).toBe(1000);
    expect(games.every((g) => g.status === 'pending' && g.crashPoint === null)).toBe(true);

    const fairness = crashFairnessReply.parse((await get('/crash/fairness')).json());
    expect(fairness).toEqual({ terminating_hash: terminating, salt: null });
    const [entry] = await listAudit(db, { subjectType: 'crash_chain', limit: 1 });
    expect(entry).toMatchObject({ actor: 'operator:dana', action: 'crash.chain_create' });
  });

  it('takes the salt once, after publication, and shows it', async () => {
    expect((await admin('crash', 'salt', 'set', 'short')).code).toBe(2);
    expect((await admin('crash', 'salt', 'set', 'has-a-dash-0000000000')).code).toBe(2);
    const salt = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
    const set = await admin('crash', 'salt', 'set', salt);
    expect(set.code, set.err).toBe(0);
    expect(crashFairnessReply.parse((await get('/crash/fairness')).json()).salt).toBe(salt);
    const again = await admin('crash', 'salt', 'set', 'a'.repeat(64), '--chain', '1');
    expect(again.code).toBe(1);
    expect(again.err).toMatch(/has its salt already/);
    const [entry] = await listAudit(db, { subjectType: 'crash_chain', subjectId: '1', limit: 1 });
    expect(entry).toMatchObject({ action: 'crash.salt_set', before: { salt: null }, after: { salt } });
  });

  it('reveals a game only once it has busted, newest first', async () => {
    const [chain] = await db.select().from(crashChains);
    const games = await db.select().from(crashGames).orderBy(asc(crashGames.id)).limit(3);
    const at = new Date('2031-06-01T12:00:00Z');
    for (const [i, game] of games.slice(0, 2).entries()) {
      await db
        .update(crashGames)
        .set({
          status: 'busted',
          crashPoint: crashPointHundredths(game.hash, chain.salt!),
          startedAt: new Date(at.getTime() + i * 10_000),
          bustedAt: new Date(at.getTime() + i * 10_000 + 5_000),
        })
        .where(eq(crashGames.id, game.id));
    }
    // The third is running: its hash and point stay on the server.
    await db
      .update(crashGames)
      .set({ status: 'running', crashPoint: crashPointHundredths(games[2].hash, chain.salt!), startedAt: at })
      .where(eq(crashGames.id, games[2].id));
    const history = await get('/crash/history?limit=5');
    expect(crashHistoryReply.parse(history.json()).items).toEqual([
      {
        id: games[1].id,
        hash: games[1].hash,
        crash_point: crashPointHundredths(games[1].hash, chain.salt!) / 100,
        started_at: '2031-06-01T12:00:10.000Z',
      },
      {
        id: games[0].id,
        hash: games[0].hash,
        crash_point: crashPointHundredths(games[0].hash, chain.salt!) / 100,
        started_at: '2031-06-01T12:00:00.000Z',
      },
    ]);
    const fairness = await get('/crash/fairness');
    for (const reply of [history.body, fairness.body]) expect(reply).not.toContain(games[2].hash);
    expect((await get('/crash/history?limit=0')).status).toBe(422);
    expect((await get('/crash/history?limit=101')).status).toBe(422);
    // A played chain's salt cannot change.
    const late = await admin('crash', 'chain', 'list');
    expect(late.out).toMatch(/1\s+[0-9a-f]{64}\s+1000\s+3\s+0000/);
  });

  it('continues the history with a newer chain, played after the first', async () => {
    const created = await admin('crash', 'chain', 'create', '--length', '10');
    expect(created.code).toBe(0);
    const second = await db.select().from(crashGames).where(eq(crashGames.chainId, 2));
    const first = await db.select().from(crashGames).where(eq(crashGames.chainId, 1));
    expect(Math.min(...second.map((g) => g.id))).toBeGreaterThan(Math.max(...first.map((g) => g.id)));
    // The fairness page still shows the chain being played.
    expect(crashFairnessReply.parse((await get('/crash/fairness')).json()).terminating_hash).toBe(
      (await db.select().from(crashChains).where(eq(crashChains.id, 1)))[0].terminatingHash,
    );
    expect((await admin('crash', 'chain', 'create', '--length', '0')).code).toBe(2);
    expect((await admin('crash', 'chain', 'create')).code).toBe(2);
  });
});
