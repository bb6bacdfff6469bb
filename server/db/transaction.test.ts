import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../test/helpers';
import { MONEY_TRANSACTION_ATTEMPTS, retryableSqlState, runTransaction } from './transaction';

const { db } = await createTestDatabase();
await db.execute(sql`CREATE TABLE runner_rows (id int PRIMARY KEY, n int NOT NULL)`);

// Every test starts from the same two rows at zero, whatever the tests before it wrote.
beforeEach(async () => {
  await db.execute(sql`TRUNCATE runner_rows`);
  await db.execute(sql`INSERT INTO runner_rows VALUES (1, 0), (2, 0)`);
});

/** An error as drizzle throws it: the driver's error (with its SQLSTATE) as the cause. */
const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
const noPause = { sleep: async () => undefined };

describe('runTransaction', () => {
  it('runs a transaction the deadlock detector aborted again, and both sides commit', async () => {
    const retries: { attempt: number; code: string }[] = [];
    let runs = 0;
    let release = () => undefined as void;
    const bothLocked = new Promise<void>((resolve) => (release = resolve));
    let lockedFirst = 0;
    // Each side locks one row, waits until the other holds its row, then locks the other one: a cycle.
    const side = (first: number, second: number) =>
      runTransaction(
        db,
        async (tx) => {
          runs += 1;
          await tx.execute(sql`UPDATE runner_rows SET n = n + 1 WHERE id = ${first}`);
          if (++lockedFirst === 2) release();
          await bothLocked;
          await tx.execute(sql`UPDATE runner_rows SET n = n + 1 WHERE id = ${second}`);
        },
        { onRetry: (info) => retries.push(info) },
      );
    await Promise.all([side(1, 2), side(2, 1)]);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, code: '40P01' })]);
    expect(runs).toBe(3);
    const rows = await db.execute<{ id: number; n: number }>(sql`SELECT id, n FROM runner_rows ORDER BY id`);
    expect(rows.rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });

  it('retries 40P01 and 40001 up to the attempt limit, then throws the last error', async () => {
    for (const code of ['40P01', '40001']) {
      const body = vi.fn(async () => {
        throw wrapped(code);
      });
      const sleep = vi.fn(async () => undefined);
      await expect(runTransaction(db, body, { sleep })).rejects.toMatchObject({ cause: { code } });
      expect(body).toHaveBeenCalledTimes(MONEY_TRANSACTION_ATTEMPTS);
      expect(sleep).toHaveBeenCalledTimes(MONEY_TRANSACTION_ATTEMPTS - 1);
    }
    const body = vi.fn(async () => {
      throw wrapped('40P01');
    });
    await expect(runTransaction(db, body, { attempts: 2, ...noPause })).rejects.toThrow('Failed query');
    expect(body).toHaveBeenCalledTimes(2);
  });

  it('answers the attempt that succeeds and pauses a jittered, growing, capped time in between', async () => {
    const delays: number[] = [];
    let calls = 0;
    const result = await runTransaction(
      db,
      async () => {
        calls += 1;
        if (calls < 4) throw wrapped('40P01');
        return 'done';
      },
      {
        attempts: 4,
        baseDelayMs: 40,
        maxDelayMs: 100,
        random: () => 1,
        sleep: async (ms) => {
          delays.push(ms);
        },
      },
    );
    expect(result).toBe('done');
    expect(delays).toEqual([40, 80, 100]);
  });

  it('does not retry other errors, and rolls back what the body wrote', async () => {
    const body = vi.fn(async (tx: Parameters<Parameters<typeof runTransaction>[1]>[0]) => {
      await tx.execute(sql`UPDATE runner_rows SET n = n + 100 WHERE id = 1`);
      throw wrapped('23505');
    });
    await expect(runTransaction(db, body, noPause)).rejects.toThrow('Failed query');
    expect(body).toHaveBeenCalledTimes(1);
    const rows = await db.execute<{ n: number }>(sql`SELECT n FROM runner_rows WHERE id = 1`);
    expect(rows.rows[0].n).toBe(0);
  });

  it('inside a transaction it runs a savepoint and leaves retrying to the outermost runner', async () => {
    const inner = vi.fn(async () => {
      throw wrapped('40P01');
    });
    let outerRuns = 0;
    await expect(
      runTransaction(
        db,
        async (tx) => {
          outerRuns += 1;
          await runTransaction(tx, inner, noPause);
        },
        { attempts: 3, ...noPause },
      ),
    ).rejects.toThrow('Failed query');
    expect(inner).toHaveBeenCalledTimes(3);
    expect(outerRuns).toBe(3);
  });

  it('finds the SQLSTATE on the error or its causes', () => {
    expect(retryableSqlState({ code: '40P01' })).toBe('40P01');
    expect(retryableSqlState(wrapped('40001'))).toBe('40001');
    expect(retryableSqlState(new Error('x', { cause: wrapped('40P01') }))).toBe('40P01');
    expect(retryableSqlState(wrapped('23505'))).toBeNull();
    expect(retryableSqlState(undefined)).toBeNull();
  });
});
