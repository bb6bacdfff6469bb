/**
 * The rooms (issue 16) through the API: limits per currency, the countdown started by the second player,
 * stakes refused once it has ended, the draw as lib/fair/rooms.ts computes it from the revealed seed and
 * the recorded stakes, the pot less the commission paid once even when two API processes (two apps on
 * one database) settle at the same moment, the realtime events, and the ledger's balances.
 */
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { ROOM_COMMISSION_PERCENT, ROOM_MAX_STAKES_PER_PLAYER } from '@/lib/constants/rooms';
import type { Currency } from '@/lib/constants/currencies';
import {
  roomHistoryReply,
  roomsLobbyReply,
  roomStakeReply,
  roomStateReply,
  type RoomRound,
} from '@/lib/contracts/rooms';
import type { FeedItem } from '@/lib/contracts/feed';
import { roomDraw } from '@/lib/fair/rooms';
import { buildApp, roomsOf } from '../../app';
import { manualClock } from '../../lib/clock';
import { MemoryBus } from '../../realtime/bus';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { api, cashBalance, key, newPlayer, type Player } from '../games/testing';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { betActivity } from '../activity/schema';
import { selfExclude, setLimit } from '../protection/service';
import { users } from '../users/schema';
import { roomRounds, roomStakes } from './schema';
import { socketMessages } from '../../test/socket-messages';

const COUNTDOWN_MS = 30_000;
const clock = manualClock();
const { db } = await createTestDatabase();
const config = testConfig();
/** Two API processes on one database, their events on one bus (as Redis would share them). */
const bus = new MemoryBus();
const build = () =>
  buildApp({
    db,
    config,
    logger: false,
    clock,
    bus,
    rooms: { autoSettle: false, countdownMs: COUNTDOWN_MS },
  });
const app = build();
const other = build();
await Promise.all([app.ready(), other.ready()]);
await app.listen({ host: '127.0.0.1', port: 0 });
const port = (app.server.address() as AddressInfo).port;
const sockets: WebSocket[] = [];
afterAll(async () => {
  sockets.forEach((socket) => socket.terminate());
  await Promise.all([app.close(), other.close()]);
});

const stake = (player: Player, room: string, amount: number, idempotencyKey = key()) =>
  api(app, player.token).post(`/rooms/${room}/stake`, { amount, idempotency_key: idempotencyKey });

async function staked(player: Player, room: string, amount: number) {
  const response = await stake(player, room, amount);
  expect(response.statusCode, response.body).toBe(200);
  return roomStakeReply.parse(response.json());
}

const errorKey = (response: { json: () => unknown }) =>
  Object.values((response.json() as { errors: Record<string, string[]> }).errors)
    .flat()[0]
    ?.split(':')[0];

async function state(room: string, currency: Currency = 'RUB') {
  const response = await api(app).get(`/rooms/${room}?currency=${currency}`);
  expect(response.statusCode, response.body).toBe(200);
  return roomStateReply.parse(response.json());
}

function listen(topics: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/socket?topics=${topics}`);
  sockets.push(socket);
  const messages: { topic: string; type: string; [field: string]: unknown }[] = [];
  socket.on('message', (data) => messages.push(...(socketMessages(data) as typeof messages)));
  const next = async (topic: string, type: string) => {
    for (let waited = 0; waited < 10_000; waited += 10) {
      const found = messages.find((m) => m.topic === topic && m.type === type);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`no ${type} on ${topic}`);
  };
  return { socket, messages, next, open: new Promise((resolve) => socket.once('open', resolve)) };
}

/** Every room-win transfer of a round (there must be one). */
const winTransfers = (roundId: number) =>
  db
    .select()
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `room-win:${roundId}`));

/** The draw checked as a player would: the seed's hash, then lib/fair/rooms on the listed stakes. */
function expectFairDraw(round: RoomRound) {
  expect(round.status).toBe('drawn');
  expect(createHash('sha256').update(round.seed!).digest('hex')).toBe(round.seed_hash);
  const draw = roomDraw(
    round.seed!,
    round.stakes.map((s) => ({
      id: s.id,
      userId: s.user_id,
      amountMinor: BigInt(Math.round(s.amount * 100)),
    })),
  );
  expect(Number(draw.ticket)).toBe(round.ticket);
  const winner = round.stakes[draw.winnerIndex]!;
  expect(round.winner).toMatchObject({ stake_id: winner.id, user_id: winner.user_id });
  const potMinor = draw.potMinor;
  const commission = (potMinor * BigInt(ROOM_COMMISSION_PERCENT)) / 100n;
  expect(round.commission).toBe(Number(commission) / 100);
  expect(round.winner!.payout).toBe(Number(potMinor - commission) / 100);
}

describe('the rooms lobby and limits', () => {
  it("shows every room's open round in every currency, with the limits scaled by currency", async () => {
    const all = roomsLobbyReply.parse((await api(app).get('/rooms')).json());
    expect(all.rooms).toHaveLength(15);
    expect(new Set(all.rooms.map((r) => r.round_id)).size).toBe(15);
    const usd = roomsLobbyReply.parse((await api(app).get('/rooms?currency=USD')).json());
    expect(usd.rooms.map((r) => [r.room, r.min, r.max])).toEqual([
      ['red', 0.01, 10],
      ['yellow', 0.1, 100],
      ['purple', 0.5, 500],
    ]);
    expect(usd.rooms.every((r) => r.pot === 0 && r.players === 0 && r.ends_at === null)).toBe(true);
    // The other process sees the same rounds (the database decides).
    const seen = roomsLobbyReply.parse((await api(other).get('/rooms')).json());
    expect(seen.rooms.map((r) => r.round_id)).toEqual(all.rooms.map((r) => r.round_id));
  });

  it("refuses stakes outside the room's limits in the player's currency, in the spec's 422 format", async () => {
    const rub = await newPlayer(app, db, 100_000);
    for (const [room, amount, refusal] of [
      ['red', 0.99, 'too_small'],
      ['red', 1_000.01, 'too_big'],
      ['yellow', 9.99, 'too_small'],
      ['purple', 49, 'too_small'],
      ['purple', 50_001, 'too_big'],
    ] as const) {
      const response = await stake(rub, room, amount);
      expect(response.statusCode).toBe(422);
      expect(errorKey(response)).toBe(refusal);
      expect(response.json()).toMatchObject({
        message: expect.any(String),
        errors: { amount: [expect.any(String)] },
      });
    }
    const usd = await newPlayer(app, db, 100, 'USD');
    expect(errorKey(await stake(usd, 'red', 10.01))).toBe('too_big');
    const inUsd = await staked(usd, 'red', 0.01);
    expect(inUsd.round).toMatchObject({ currency: 'USD', pot: 0.01, players: 1 });
    expect(inUsd.balance).toBe(99.99);
    const kzt = await newPlayer(app, db, 1_000, 'KZT');
    expect(errorKey(await stake(kzt, 'yellow', 49))).toBe('too_small');
    expect((await staked(kzt, 'yellow', 50)).round).toMatchObject({ currency: 'KZT', pot: 50 });
    // Bad input: an unknown room, a missing key, a malformed amount.
    expect(
      (await api(app, rub.token).post('/rooms/green/stake', { amount: 1, idempotency_key: key() }))
        .statusCode,
    ).toBe(422);
    expect((await api(app, rub.token).post('/rooms/red/stake', { amount: 1 })).statusCode).toBe(422);
    expect((await stake(rub, 'red', 1.001)).statusCode).toBe(422);
    expect(await cashBalance(app, rub.token)).toBe(100_000);
  });

  it('asks guests to sign in, refuses a self-excluded player and a stake past the loss limit', async () => {
    expect((await api(app).post('/rooms/red/stake', { amount: 1, idempotency_key: key() })).statusCode).toBe(
      401,
    );
    const excluded = await newPlayer(app, db, 100);
    await selfExclude(db, { userId: excluded.id, days: 7, now: clock() });
    const refused = await stake(excluded, 'red', 1);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'account_self_excluded' });
    const limited = await newPlayer(app, db, 100);
    await setLimit(db, { userId: limited.id, kind: 'loss_day', amountMinor: 500n, now: clock() });
    const over = await stake(limited, 'purple', 50);
    expect(over.statusCode).toBe(422);
    expect(errorKey(over)).toBe('loss_limit');
    expect(await cashBalance(app, limited.token)).toBe(100);
  });
});

describe('a round', () => {
  let first: Player;
  let second: Player;
  let hidden: Player;
  let roundId = 0;

  it('answers the same key with the same stake, and refuses the key with another amount', async () => {
    first = await newPlayer(app, db, 1_000);
    const sameKey = key();
    const one = await stake(first, 'yellow', 10, sameKey);
    const again = await stake(first, 'yellow', 10, sameKey);
    expect(again.statusCode).toBe(200);
    expect(roomStakeReply.parse(again.json()).stake.id).toBe(roomStakeReply.parse(one.json()).stake.id);
    expect((await stake(first, 'yellow', 11, sameKey)).statusCode).toBe(409);
    expect(await cashBalance(app, first.token)).toBe(990);
  });

  it('starts the countdown when a second player stakes, not at a second stake of the first', async () => {
    const watcher = listen('rooms:yellow:RUB,rooms');
    await watcher.open;
    const snapshot = await watcher.next('rooms:yellow:RUB', 'snapshot');
    expect(snapshot).toMatchObject({ round: { pot: 10, players: 1, ends_at: null, seed: null } });
    await watcher.next('rooms', 'snapshot');

    const more = await staked(first, 'yellow', 20);
    expect(more.round).toMatchObject({ pot: 30, players: 1, ends_at: null });
    roundId = more.round.id;

    second = await newPlayer(app, db, 1_000);
    hidden = await newPlayer(app, db, 1_000);
    await db.update(users).set({ isStatisticsHidden: true }).where(eq(users.id, hidden.id));
    const startedAt = clock().getTime();
    const two = await staked(second, 'yellow', 15);
    expect(two.round.players).toBe(2);
    expect(Date.parse(two.round.ends_at!)).toBe(startedAt + COUNTDOWN_MS);
    expect(two.balance).toBe(985);

    // Stakes are taken until it ends; they do not move it.
    clock.advance(COUNTDOWN_MS - 1);
    const third = await staked(hidden, 'yellow', 25);
    expect(third.round.ends_at).toBe(two.round.ends_at);
    expect(third.stake.player).toBe('Hidden');
    expect(third.round).toMatchObject({ pot: 70, players: 3 });
    expect(third.round.stakes.map((s) => s.amount)).toEqual([10, 20, 15, 25]);

    const countdown = await watcher.next('rooms:yellow:RUB', 'countdown');
    expect(countdown).toMatchObject({ round_id: roundId, ends_at: two.round.ends_at });
    await watcher.next('rooms', 'countdown');
    const pots = () =>
      watcher.messages.filter((m) => m.topic === 'rooms:yellow:RUB' && m.type === 'stake').map((m) => m.pot);
    await expect.poll(pots).toEqual([30, 45, 70]);
    expect(JSON.stringify(watcher.messages)).not.toContain((await seedOf(roundId)).slice(0, 16));
    // Neither the state nor the snapshot reveals the seed before the draw.
    expect((await state('yellow')).round).toMatchObject({
      id: roundId,
      seed: null,
      ticket: null,
      winner: null,
    });
  });

  it('refuses stakes once the countdown has ended, before the draw', async () => {
    clock.advance(1);
    const late = await stake(second, 'yellow', 10);
    expect(late.statusCode).toBe(422);
    expect(errorKey(late)).toBe('round_closed');
    expect(await cashBalance(app, second.token)).toBe(985);
  });

  it('draws the winner lib/fair/rooms picks and pays the pot less the commission once, though two processes settle at once', async () => {
    const watcher = listen('rooms:yellow:RUB');
    await watcher.open;
    await watcher.next('rooms:yellow:RUB', 'snapshot');
    const before = new Map<number, number>();
    for (const player of [first, second, hidden]) before.set(player.id, await cashBalance(app, player.token));
    const feed: FeedItem[] = [];
    const leave = bus.subscribe('feed', (message) => feed.push(...(message.items as FeedItem[])));

    const settled = await Promise.all([roomsOf(app)!.settleNow(), roomsOf(other)!.settleNow()]);
    const drawnRounds = settled.flat().filter((s) => s.drawn.id === roundId);
    expect(drawnRounds).toHaveLength(1);
    expect(await winTransfers(roundId)).toHaveLength(1);
    // Again, later: nothing more to draw.
    expect((await roomsOf(other)!.settleNow()).filter((s) => s.drawn.id === roundId)).toHaveLength(0);

    const { items } = roomHistoryReply.parse((await api(app).get('/rooms/yellow/history?limit=5')).json());
    const drawn = items.find((round) => round.id === roundId)!;
    expectFairDraw(drawn);
    expect(drawn.pot).toBe(70);
    expect(drawn.winner!.payout).toBe(66.5);
    expect(drawn.stakes.map((s) => s.player)).toContain('Hidden');

    for (const player of [first, second, hidden]) {
      const won = player.id === drawn.winner!.user_id ? 66.5 : 0;
      expect(await cashBalance(app, player.token)).toBe(before.get(player.id)! + won);
    }
    // The winner's statement names the room and the round.
    const winner = [first, second, hidden].find((player) => player.id === drawn.winner!.user_id)!;
    const statement = (await api(app, winner.token).get('/profile/history')).json() as {
      items: { kind: string; amount: number; description: string }[];
    };
    expect(statement.items[0]).toMatchObject({
      kind: 'win',
      amount: 66.5,
      description: `Room yellow: win (round #${roundId})`,
    });
    expect(
      statement.items.some((item) => item.description === `Room yellow: stake (round #${roundId})`),
    ).toBe(true);
    // The next round is open with a new seed committed.
    const next = await state('yellow');
    expect(next.round.id).not.toBe(roundId);
    expect(next.round).toMatchObject({ status: 'open', pot: 0, players: 0, seed: null, ends_at: null });
    expect(next.round.seed_hash).not.toBe(drawn.seed_hash);
    // Whichever process drew it told every socket, once: the seed, the ticket, the winner, the next round.
    expect(await watcher.next('rooms:yellow:RUB', 'drawn')).toMatchObject({
      round: { id: roundId, seed: drawn.seed, ticket: drawn.ticket, winner: drawn.winner },
    });
    expect(await watcher.next('rooms:yellow:RUB', 'opened')).toMatchObject({
      round: { id: next.round.id, seed_hash: next.round.seed_hash },
    });
    expect(watcher.messages.filter((m) => m.type === 'drawn')).toHaveLength(1);
    // The live bets feed got each player of the round once (all their stakes), from the process that drew.
    await expect.poll(() => feed.filter((item) => item.game === 'rooms').length, { timeout: 3_000 }).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 600));
    leave();
    const fed = feed.filter((item) => item.game === 'rooms');
    expect(fed).toHaveLength(3);
    const winnerItem = fed.find((item) => item.payout > 0)!;
    expect(winnerItem.payout).toBe(66.5);
    expect(fed.map((item) => item.amount).reduce((a, b) => a + b, 0)).toBe(70);
    expect(fed.filter((item) => item.player === null)).toHaveLength(1);
    // Each stake is a settled bet in the activity stream (tournaments, VIP, top), once.
    const stream = await db
      .select({ game: betActivity.game, payout: betActivity.payoutMinor, stake: betActivity.stakeMinor })
      .from(betActivity)
      .where(inArray(betActivity.userId, [first.id, second.id, hidden.id]));
    const ofRound = stream.filter((row) => row.game === 'room-yellow');
    expect(ofRound.reduce((sum, row) => sum + row.stake, 0n)).toBe(7_000n);
    expect(ofRound.filter((row) => row.payout > 0n).map((row) => row.payout)).toEqual([6_650n]);
    await assertLedgerInvariants(db);
  });

  it('draws many due rounds once each while both processes settle again and again', async () => {
    const rooms = ['red', 'purple'] as const;
    const ids: number[] = [];
    for (const room of rooms) {
      for (const currency of ['RUB', 'INR'] as const) {
        const a = await newPlayer(app, db, 1_000, currency);
        const b = await newPlayer(app, db, 1_000, currency);
        await staked(a, room, 50);
        ids.push((await staked(b, room, 60)).round.id);
      }
    }
    clock.advance(COUNTDOWN_MS);
    const passes = await Promise.all(
      Array.from({ length: 6 }, (_, i) => roomsOf(i % 2 ? app : other)!.settleNow()),
    );
    const drawn = passes.flat().map((s) => s.drawn.id);
    for (const id of ids) expect(drawn.filter((d) => d === id)).toHaveLength(1);
    for (const id of ids) expect(await winTransfers(id)).toHaveLength(1);
    const rows = await db.select().from(roomRounds).where(eq(roomRounds.status, 'drawn'));
    for (const id of ids) expect(rows.find((row) => row.id === id)?.payoutMinor).toBe(10_450n);
    await assertLedgerInvariants(db);
  });

  it(`takes at most ${ROOM_MAX_STAKES_PER_PLAYER} stakes of one player in a round, and all of many players at once`, async () => {
    const many = await newPlayer(app, db, 1_000, 'EUR');
    for (let i = 0; i < ROOM_MAX_STAKES_PER_PLAYER; i += 1) await staked(many, 'red', 0.01);
    const over = await stake(many, 'red', 0.01);
    expect(over.statusCode).toBe(422);
    expect(errorKey(over)).toBe('too_many_stakes');

    const crowd = await Promise.all(Array.from({ length: 8 }, () => newPlayer(app, db, 10, 'EUR')));
    const replies = await Promise.all(crowd.map((player) => stake(player, 'purple', 0.5)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const round = (await state('purple', 'EUR')).round;
    expect(round).toMatchObject({ pot: 4, players: 8 });
    const [row] = await db.select().from(roomRounds).where(eq(roomRounds.id, round.id));
    // The countdown was set once, by the second stake in.
    const secondIn = round.stakes[1]!;
    expect(row.endsAt!.getTime()).toBe(Date.parse(secondIn.created_at) + COUNTDOWN_MS);
    const stakeRows = await db.select().from(roomStakes).where(eq(roomStakes.roundId, round.id));
    expect(stakeRows).toHaveLength(8);
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          like(ledgerTransfers.idempotencyKey, 'room-stake:%'),
          eq(ledgerTransfers.reference, `room-round:${round.id}`),
        ),
      );
    expect(transfers).toHaveLength(8);
    await assertLedgerInvariants(db);
  });
});

async function seedOf(id: number): Promise<string> {
  const [row] = await db.select({ seed: roomRounds.seed }).from(roomRounds).where(eq(roomRounds.id, id));
  return row.seed;
}
