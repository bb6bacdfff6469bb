import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FeedItem } from '@/lib/contracts/feed';
import { MemoryBus, type RealtimeMessage } from '../../realtime/bus';
import { createTestApp } from '../../test/helpers';
import { api, key, newPlayer } from '../games/testing';
import { users } from '../users/schema';
import { BetFeed, type SettledBet } from './feed';
import { socketMessages } from '../../test/socket-messages';

const { app, db } = await createTestApp({ crash: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `127.0.0.1:${(app.server.address() as { port: number }).port}`;
const sockets: WebSocket[] = [];
afterAll(async () => {
  sockets.forEach((socket) => socket.terminate());
  await app.close();
});

function follow() {
  const socket = new WebSocket(`ws://${base}/socket?topics=feed`);
  sockets.push(socket);
  const received: RealtimeMessage[] = [];
  socket.on('message', (data) => received.push(...(socketMessages(data) as RealtimeMessage[])));
  return received;
}

const itemsOf = (received: RealtimeMessage[]) =>
  received.filter((m) => m.type === 'bets').flatMap((m) => m.items as FeedItem[]);

describe('the live bets feed', () => {
  it("carries every game's settled bets once, with the player's name or null when their statistics are hidden", async () => {
    const shown = await newPlayer(app, db, 100);
    const hidden = await newPlayer(app, db, 100);
    await db.update(users).set({ isStatisticsHidden: true }).where(eq(users.id, hidden.id));
    const received = follow();
    await expect.poll(() => received[0]?.type).toBe('snapshot');

    const bet = { amount: 1, target: 50, direction: 'over', idempotency_key: key() };
    const first = await api(app, shown.token).post('/dice/bet', bet);
    expect(first.statusCode, first.body).toBe(200);
    // A replay of the same key is not a new bet.
    expect((await api(app, shown.token).post('/dice/bet', bet)).statusCode).toBe(200);
    await api(app, hidden.token).post('/coinflip/bet', { amount: 2, side: 'heads', idempotency_key: key() });
    // An open miner round is not settled yet; its cash-out or loss would be.
    const miner = await api(app, hidden.token).post('/miner/start', {
      amount: 1,
      mines: 3,
      idempotency_key: key(),
    });
    expect(miner.statusCode, miner.body).toBe(200);

    await expect.poll(() => itemsOf(received).length, { timeout: 5_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 700));
    const items = itemsOf(received);
    expect(items).toHaveLength(2);
    const dice = items.find((item) => item.game === 'dice')!;
    const coinflip = items.find((item) => item.game === 'coinflip')!;
    expect(dice).toMatchObject({ player: `Player ${shown.id}`, currency: 'RUB', amount: 1 });
    expect(dice.id).toBe(`dice:${first.json().bet.id}`);
    expect(dice.multiplier).toBe(Math.floor((dice.payout / dice.amount) * 100) / 100);
    expect(coinflip).toMatchObject({ player: null, amount: 2 });

    // A socket that comes later gets them in its snapshot, newest first.
    const later = follow();
    await expect.poll(() => later[0]?.type).toBe('snapshot');
    const snapshot = later[0] as unknown as { bets: FeedItem[] };
    expect(snapshot.bets.map((item) => item.id)).toEqual([coinflip.id, dice.id]);

    // A process that starts afterwards reads the same last bets from the database.
    const fresh = new BetFeed({ db, bus: new MemoryBus(), log: app.log });
    await fresh.start();
    await fresh.stop();
    const loaded = fresh.snapshot() as unknown as { bets: FeedItem[] };
    expect(loaded.bets.slice(0, 2).map((item) => [item.id, item.player])).toEqual([
      [coinflip.id, null],
      [dice.id, `Player ${shown.id}`],
    ]);
  });

  it('publishes every big win and the newest of the rest at most `perFlush` a message, oldest first', async () => {
    const bus = new MemoryBus();
    const [player] = await Promise.all([newPlayer(app, db)]);
    const feed = new BetFeed(
      { db, bus, log: app.log },
      { flushMs: 60_000, perFlush: 4, keep: 3, nameTtlMs: 1 },
    );
    const messages: RealtimeMessage[] = [];
    bus.subscribe('feed', (message) => messages.push(message));
    await feed.start();
    const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
    const bet = (id: number, payout: number, second: number): SettledBet => ({
      game: 'dice',
      betId: id,
      userId: player.id,
      currency: 'RUB',
      amountMinor: 100n,
      payoutMinor: BigInt(payout),
      at: at(second),
    });
    feed.record(bet(1, 5_000, 1)); // 50×: big
    for (let i = 2; i <= 8; i += 1) feed.record(bet(i, i % 2 ? 0 : 198, i));
    feed.record(bet(9, 1_000, 9)); // 10×: big
    await feed.flush();
    await feed.stop();
    expect(messages).toHaveLength(1);
    const items = messages[0]!.items as FeedItem[];
    expect(items.map((item) => item.id)).toEqual(['dice:1', 'dice:7', 'dice:8', 'dice:9']);
    expect(items.map((item) => item.multiplier)).toEqual([50, 0, 1.98, 10]);
    const snapshot = feed.snapshot() as unknown as { bets: FeedItem[]; big_wins: FeedItem[] };
    expect(snapshot.bets.map((item) => item.id)).toEqual(['dice:9', 'dice:8', 'dice:7']);
    expect(snapshot.big_wins.map((item) => item.id).slice(0, 2)).toEqual(['dice:9', 'dice:1']);
  });
});
