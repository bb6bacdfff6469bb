/**
 * The rooms' draws on a real clock (issue 16): the process that started a countdown draws the round when
 * it ends (its timer), and when that process is gone another one's settle job draws it; once either way.
 */
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { roomStakeReply } from '@/lib/contracts/rooms';
import { buildApp } from '../../app';
import { MemoryBus, type RealtimeMessage } from '../../realtime/bus';
import { createTestDatabase, testConfig } from '../../test/helpers';
import { api, key, newPlayer, type Player } from '../games/testing';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { roomRounds } from './schema';

const COUNTDOWN_MS = 1_000;
const { db } = await createTestDatabase();
const config = testConfig();
const bus = new MemoryBus();
const build = (settleIntervalMs: number) =>
  buildApp({ db, config, logger: false, bus, rooms: { countdownMs: COUNTDOWN_MS, settleIntervalMs } });
/** Its job runs rarely: the draw on time comes from the countdown's own timer. */
const first = build(60_000);
await first.ready();
/** Started later, its job runs often: it draws what a stopped process left. */
const second = build(200);
afterAll(() => Promise.all([first.close(), second.close()]));

const events: RealtimeMessage[] = [];
bus.subscribe('rooms', (message) => events.push(message));

async function stake(app: typeof first, player: Player, room: string, amount: number) {
  const response = await api(app, player.token).post(`/rooms/${room}/stake`, {
    amount,
    idempotency_key: key(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return roomStakeReply.parse(response.json()).round;
}

async function drawnEvent(roundId: number, timeoutMs: number) {
  const started = Date.now();
  for (;;) {
    const found = events.find((e) => e.type === 'drawn' && (e.round as { id: number }).id === roundId);
    if (found) return { event: found, afterMs: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error(`round ${roundId} was not drawn`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the settle job and the countdown timer', () => {
  it('draws the round when its countdown ends, in the process that started it', async () => {
    const a = await newPlayer(first, db, 100);
    const b = await newPlayer(first, db, 100);
    await stake(first, a, 'red', 5);
    const round = await stake(first, b, 'red', 7);
    const endsIn = Date.parse(round.ends_at!) - Date.now();
    const { afterMs } = await drawnEvent(round.id, 5_000);
    // On time: not an interval of the first process's job later (a minute), nor much after the end.
    expect(afterMs).toBeLessThan(endsIn + 800);
    const [row] = await db.select().from(roomRounds).where(eq(roomRounds.id, round.id));
    expect(row.status).toBe('drawn');
    expect(row.payoutMinor).toBe(1_140n);
  });

  it("draws a round whose process stopped before the end, through another process's job, once", async () => {
    const a = await newPlayer(first, db, 100);
    const b = await newPlayer(first, db, 100);
    await stake(first, a, 'yellow', 10);
    const round = await stake(first, b, 'yellow', 10);
    await first.close();
    await second.ready();
    await drawnEvent(round.id, 5_000);
    const wins = await db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `room-win:${round.id}`));
    expect(wins).toHaveLength(1);
    expect(
      events.filter((e) => e.type === 'drawn' && (e.round as { id: number }).id === round.id),
    ).toHaveLength(1);
    expect(events.some((e) => e.type === 'opened' && e.room === 'yellow' && e.currency === 'RUB')).toBe(true);
    await assertLedgerInvariants(db);
  });
});
