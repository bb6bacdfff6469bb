/**
 * The demo crash chain of the seed (step 0007, issue 16): a fresh installation plays crash at once, an
 * operator's chain is left alone, and `crash chain create` then continues the history after it.
 */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chainPosition } from '@/lib/fair/crash';
import { runAdmin } from '../../admin/cli';
import { DEMO_CRASH_CHAIN_LENGTH, seedDatabase, seedSteps } from '../../db/seed';
import { createTestDatabase } from '../../test/helpers';
import { currentChain, nextPendingGame } from './repository';
import { crashChains, crashGames } from './schema';
import { createChain } from './service';

const step = seedSteps.filter((s) => s.id === '0007-demo-crash-chain');
const [freshDb, operatorDb] = (await Promise.all([createTestDatabase(), createTestDatabase()])).map(
  (handle) => handle.db,
);

async function admin(db: typeof freshDb, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin([...argv, '--operator', 'dana'], {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    connect: async () => ({ db, close: async () => undefined }),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('the demo crash chain', () => {
  it('is made with its salt on a fresh database, so its first game is played next; a new chain continues after it', async () => {
    expect(step).toHaveLength(1);
    expect(step[0].demo).toBe(true);
    expect(await seedDatabase(freshDb, step)).toEqual(['0007-demo-crash-chain']);
    const [chain] = await freshDb.select().from(crashChains);
    expect(chain).toMatchObject({ length: DEMO_CRASH_CHAIN_LENGTH });
    expect(chain.salt).toMatch(/^[0-9a-f]{32}$/);
    const next = await nextPendingGame(freshDb);
    expect(next).toMatchObject({ salt: chain.salt, game: { chainId: chain.id, position: 1 } });
    expect(chainPosition(next!.game.hash, chain.terminatingHash, 1)).toBe(1);

    // The operator's next chain comes after it, takes the next salt, and waits for this one to run out.
    const created = await admin(freshDb, 'crash', 'chain', 'create', '--length', '5');
    expect(created.code, created.err).toBe(0);
    const salted = await admin(freshDb, 'crash', 'salt', 'set', 'operatorsalt00000000');
    expect(salted.code, salted.err).toBe(0);
    const chains = await freshDb.select().from(crashChains).orderBy(asc(crashChains.id));
    expect(chains.map((c) => [c.length, c.salt])).toEqual([
      [DEMO_CRASH_CHAIN_LENGTH, chain.salt],
      [5, 'operatorsalt00000000'],
    ]);
    const second = await freshDb.select().from(crashGames).where(eq(crashGames.chainId, chains[1].id));
    expect(Math.min(...second.map((g) => g.id))).toBe(DEMO_CRASH_CHAIN_LENGTH + 1);
    expect((await currentChain(freshDb))?.id).toBe(chain.id);
    expect((await nextPendingGame(freshDb))?.game.id).toBe(next!.game.id);
    // Seeding again changes nothing.
    expect(await seedDatabase(freshDb, step)).toEqual([]);
    expect(await freshDb.select().from(crashChains)).toHaveLength(2);
  });

  it('leaves an operator’s chain alone (no second chain, its salt still unset)', async () => {
    const own = await createChain(operatorDb, { length: 3, now: new Date() });
    expect(await seedDatabase(operatorDb, step)).toEqual(['0007-demo-crash-chain']);
    const chains = await operatorDb.select().from(crashChains);
    expect(chains.map((c) => [c.id, c.salt])).toEqual([[own.id, null]]);
    expect(await nextPendingGame(operatorDb)).toBeUndefined();
  });
});
