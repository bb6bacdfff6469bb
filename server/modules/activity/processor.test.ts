/**
 * The settled-bet processor: each row once, in order, even with several processors; one row that no
 * consumer can apply is set aside after a few tries instead of holding every later bet back.
 */
import { eq, inArray } from 'drizzle-orm';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { users } from '../users/schema';
import { ActivityProcessor, POISON_ATTEMPTS, type ActivityRow } from './processor';
import { recordActivity } from './record';
import { activityDaily, betActivity } from './schema';

const { db } = await createTestDatabase();
const log = pino({ level: 'silent' });
const clock = () => new Date();

async function player(): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({ registerMethod: 'email', currency: 'RUB', superBonusTag: `t${Math.random()}`.slice(0, 16) })
    .returning({ id: users.id });
  return row!.id;
}

const bet = (userId: number, key: string, stake = 100n) => ({
  key,
  ref: key,
  kind: 'bet' as const,
  userId,
  game: 'dice',
  currency: 'RUB' as const,
  stakeMinor: stake,
  payoutMinor: 0n,
  at: new Date(),
});

describe('ActivityProcessor', () => {
  it('applies each row once, in id order, however many processors drain at once', async () => {
    const userId = await player();
    await recordActivity(
      db,
      Array.from({ length: 30 }, (_, i) => bet(userId, `p-order-${userId}-${i}`)),
    );
    await recordActivity(db, [bet(userId, `p-order-${userId}-0`, 999n)]); // the same key again: nothing
    const seen: string[] = [];
    const spy = {
      apply: async (_tx: unknown, rows: readonly ActivityRow[]) => void seen.push(...rows.map((r) => r.key)),
    };
    const processors = [1, 2, 3].map(() => {
      const processor = new ActivityProcessor(
        { db, clock, log },
        { intervalMs: 1_000, batch: 7, auto: false },
      );
      processor.use(spy);
      return processor;
    });
    await Promise.all(processors.map((p) => p.drain()));
    await processors[0]!.drain();
    const mine = seen.filter((key) => key.startsWith(`p-order-${userId}-`));
    expect(mine).toEqual(Array.from({ length: 30 }, (_, i) => `p-order-${userId}-${i}`));
    const [day] = await db.select().from(activityDaily).where(eq(activityDaily.userId, userId));
    expect(day!.wageredMinor).toBe(3_000n);
  });

  it('sets a row no consumer can apply aside after a few tries, and counts the rest', async () => {
    const userId = await player();
    const keys = [0, 1, 2].map((i) => `p-poison-${userId}-${i}`);
    await recordActivity(
      db,
      keys.map((key) => bet(userId, key)),
    );
    const applied: string[] = [];
    const processor = new ActivityProcessor(
      { db, clock, log },
      { intervalMs: 1_000, batch: 50, auto: false },
    );
    processor.use({
      apply: async (_tx, rows) => {
        if (rows.some((row) => row.key === keys[1])) throw new Error('cannot apply');
        applied.push(...rows.map((row) => row.key));
      },
    });
    for (let attempt = 1; attempt < POISON_ATTEMPTS; attempt += 1) {
      await expect(processor.drain()).rejects.toThrow('cannot apply');
    }
    expect(applied.filter((key) => keys.includes(key))).toEqual([keys[0]]); // taken one by one up to the bad row
    await processor.drain();
    expect(applied.filter((key) => keys.includes(key))).toEqual([keys[0], keys[2]]);
    const rows = await db.select().from(betActivity).where(inArray(betActivity.key, keys));
    expect(rows.every((row) => row.processedAt !== null)).toBe(true);
  });
});
