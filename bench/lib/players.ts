/**
 * Players for a benchmark: signed up through the API (e-mail), a few at a time (each sign-up hashes a
 * password with argon2, so that a loaded machine does not time out), each credited through the ledger.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/client';
import { adjustBalance } from '../../server/modules/wallet/service';

export const benchKey = () => `b-${randomBytes(8).toString('hex')}`;

/** Runs `run(0 … count-1)`, `size` at a time, and keeps the results in order. */
export async function inBatches<T>(
  count: number,
  size: number,
  run: (i: number) => Promise<T>,
): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < count; start += size) {
    const batch = Array.from({ length: Math.min(size, count - start) }, (_, k) => run(start + k));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/** `count` players with 1,000,000 RUB each: their access tokens and ids. */
export async function signUpPlayers(
  base: string,
  db: Database,
  count: number,
): Promise<Array<{ token: string; id: number }>> {
  return inBatches(count, 5, async (i) => {
    const response = await fetch(`${base}/api/v2/auth/register/email`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': `10.9.${i >> 8}.${(i & 255) + 1}`,
      },
      body: JSON.stringify({
        email: `bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
        password: 'correct horse 1',
        age_confirmed: true,
        terms_accepted: true,
      }),
    });
    if (response.status !== 200) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
    const { token } = (await response.json()) as { token: string };
    const me = (await (
      await fetch(`${base}/profile/user`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { user: { id: number } };
    await adjustBalance(db, {
      userId: me.user.id,
      currency: 'RUB',
      direction: 'credit',
      amountMinor: 100_000_000n,
      reason: 'bench funds',
      key: benchKey(),
      source: 'admin',
    });
    return { token, id: me.user.id };
  });
}
