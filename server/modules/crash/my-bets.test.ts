/** A player's own crash bets (issue 16): `GET /crash/bets/mine`, newest first, nothing of a running game's outcome. */
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { crashMyBetsReply } from '@/lib/contracts/crash';
import { crashPointHundredths } from '@/lib/fair/crash';
import { client, signUpByEmail } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';
import { users } from '../users/schema';
import { adjustBalance } from '../wallet/service';
import { startGame } from './repository';
import { crashGames } from './schema';
import {
  bustRound,
  createChain,
  placeStake,
  refundInterruptedGames,
  setChainSalt,
  settleCashout,
} from './service';

// No round engine: the games are moved by hand, as the engine would move them.
const { app, db } = await createTestApp({ crash: false });

const SALT = 'mybetstestsalt0000000000';
const chain = await createChain(db, { length: 10, now: new Date() });
await setChainSalt(db, { salt: SALT, chainId: chain.id, now: new Date() });
const games = await db
  .select()
  .from(crashGames)
  .where(eq(crashGames.chainId, chain.id))
  .orderBy(asc(crashGames.position));

async function player() {
  const { token, email } = await signUpByEmail(app, { currency: 'RUB' });
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  await adjustBalance(db, {
    userId: row.id,
    currency: 'RUB',
    direction: 'credit',
    amountMinor: 100_000n,
    reason: 'test',
    key: `fund-${row.id}`,
    source: 'admin',
  });
  return { token, id: row.id };
}

/** A stake as the engine takes it (the auto cash-out in hundredths). */
const stake = (userId: number, gameId: number, amountMinor: bigint, autoCashout: number | null = null) =>
  placeStake(db, {
    player: { id: userId, currency: 'RUB', sessionStartedAt: new Date() },
    gameId,
    amountMinor,
    autoCashout,
    key: `key-${userId}-${gameId}`,
    now: new Date(),
  });

const pointOf = (index: number) => crashPointHundredths(games[index].hash, SALT);

describe('GET /crash/bets/mine', () => {
  it('lists the player’s own bets newest first: cashed out, lost, and one in a running game without its point', async () => {
    const me = await player();
    const other = await player();
    const at = new Date();

    // Game 1: cashed out at 1.50× (whatever its point: the engine would have checked it).
    await stake(me.id, games[0].id, 1_000n, 200);
    await startGame(db, games[0].id, pointOf(0), at);
    await settleCashout(db, { gameId: games[0].id, userId: me.id, hundredths: 150, now: at });
    await bustRound(db, games[0].id, at);
    // Game 2: lost. Another player's bet in it is not mine.
    await stake(me.id, games[1].id, 2_000n);
    await stake(other.id, games[1].id, 5_000n);
    await startGame(db, games[1].id, pointOf(1), at);
    await bustRound(db, games[1].id, at);
    // Game 3: still running.
    await stake(me.id, games[2].id, 300n);
    await startGame(db, games[2].id, pointOf(2), at);

    const response = await client(app).get('/crash/bets/mine', me.token);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = crashMyBetsReply.parse(response.json());
    expect(items.map((bet) => bet.game_id)).toEqual([games[2].id, games[1].id, games[0].id]);
    expect(items[0]).toMatchObject({
      status: 'active',
      amount: 3,
      currency: 'RUB',
      auto_cashout: null,
      cashed_out_at: null,
      payout: 0,
      crash_point: null,
    });
    expect(items[1]).toMatchObject({
      status: 'lost',
      amount: 20,
      cashed_out_at: null,
      payout: 0,
      crash_point: pointOf(1) / 100,
    });
    expect(items[2]).toMatchObject({
      status: 'cashed_out',
      amount: 10,
      auto_cashout: 2,
      cashed_out_at: 1.5,
      payout: 15,
      crash_point: pointOf(0) / 100,
    });
    // Nothing of the running game's outcome.
    expect(response.body).not.toContain(games[2].hash);
    // (Its point may equal a finished game's, which is shown: only the running game's own entry counts.)
    expect(items[0]!.crash_point).toBeNull();

    const limited = crashMyBetsReply.parse(
      (await client(app).get('/crash/bets/mine?limit=1', me.token)).json(),
    );
    expect(limited.items.map((bet) => bet.game_id)).toEqual([games[2].id]);
    const theirs = crashMyBetsReply.parse((await client(app).get('/crash/bets/mine', other.token)).json());
    expect(theirs.items.map((bet) => [bet.game_id, bet.amount, bet.status])).toEqual([
      [games[1].id, 50, 'lost'],
    ]);
  });

  it('answers an empty list to a player without bets, 401 to a guest, 422 to a bad limit', async () => {
    const fresh = await player();
    expect((await client(app).get('/crash/bets/mine', fresh.token)).json()).toEqual({ items: [] });
    expect((await client(app).get('/crash/bets/mine')).statusCode).toBe(401);
    expect((await client(app).get('/crash/bets/mine?limit=0', fresh.token)).statusCode).toBe(422);
    expect((await client(app).get('/crash/bets/mine?limit=51', fresh.token)).statusCode).toBe(422);
  });
});

describe('crash in /profile/history', () => {
  it('names the crash game of each bet, win and refund, with no games-bet id', async () => {
    const me = await player();
    const at = new Date();
    await stake(me.id, games[3].id, 1_000n);
    await startGame(db, games[3].id, pointOf(3), at);
    await settleCashout(db, { gameId: games[3].id, userId: me.id, hundredths: 125, now: at });
    await bustRound(db, games[3].id, at);
    // A game left running by a stopped process: the stake comes back.
    await stake(me.id, games[4].id, 500n);
    await startGame(db, games[4].id, pointOf(4), at);
    expect(await refundInterruptedGames(db, at)).toBeGreaterThanOrEqual(1);

    const history = (await client(app).get('/profile/history?per_page=10', me.token)).json();
    const crash = history.items
      .filter((item: { game?: string }) => item.game === 'crash')
      .map((item: Record<string, unknown>) => [
        item.kind,
        item.amount,
        item.crash_game,
        item.refund ?? false,
        item.bet_id ?? null,
        item.description,
      ]);
    expect(crash).toEqual([
      ['win', 5, games[4].id, true, null, 'Crash game interrupted: stake returned'],
      ['bet', -5, games[4].id, false, null, `Crash bet (game #${games[4].id})`],
      ['win', 12.5, games[3].id, false, null, `Crash win (game #${games[3].id})`],
      ['bet', -10, games[3].id, false, null, `Crash bet (game #${games[3].id})`],
    ]);
  });
});
