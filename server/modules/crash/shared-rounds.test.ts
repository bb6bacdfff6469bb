/**
 * Crash rounds shared by two API processes (issue 16): two real servers (`server/main.ts`) on one test
 * database with REDIS_URL pointing to a redis-server started for this file. A bet placed through either is
 * seen through both; both sockets get the same events in the same order; when the process running the
 * clock is killed (SIGKILL) in the middle of a game, the other takes the lease over within seconds, the
 * game's bets end settled exactly once (auto cash-outs passed meanwhile at their target) and the rounds go on.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { asc, eq, inArray, like, or } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { crashMessage, type CrashMessage } from '@/lib/contracts/crash';
import { crashPointHundredths } from '@/lib/fair/crash';
import { CONFIRMED, PASSWORD, uniqueEmail } from '../../test/accounts';
import { createTestDatabase } from '../../test/helpers';
import { freePort, startRedisServer } from '../../test/redis-server';
import { assertLedgerInvariants } from '../ledger/invariants';
import { ledgerTransfers } from '../ledger/schema';
import { findUserByEmail } from '../users/service';
import { adjustBalance } from '../wallet/service';
import { CRASH_LEASE_KEY } from './engine';
import { crashBets, crashGames } from './schema';
import { createChain, setChainSalt } from './service';
import { socketMessages } from '../../test/socket-messages';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const redisServer = await startRedisServer();
const { db, url } = await createTestDatabase();
const redis = new Redis(redisServer.url);

const children: ChildProcess[] = [];
const killAll = () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
};
process.once('exit', killAll);
const sockets: WebSocket[] = [];
afterAll(() => {
  sockets.forEach((socket) => socket.terminate());
  killAll();
  redis.disconnect();
});

// The chain, made before the servers start (so they seed no demo chain of their own); its salt is set
// once both are up, so that game 1 is the first round. The salt is chosen for the games' lengths: game 1
// busts between 1.25× and 1.60× (4 to 8 s), game 2 (the one whose leader dies) between 2.00× and 2.60×
// (12 to 16 s), game 3 by 1.50×.
const chain = await createChain(db, { length: 40, now: new Date() });
const games = await db
  .select()
  .from(crashGames)
  .where(eq(crashGames.chainId, chain.id))
  .orderBy(asc(crashGames.position))
  .limit(3);
let salt = '';
for (let i = 0; ; i += 1) {
  const candidate = `sharedsalt${String(i).padStart(10, '0')}`;
  const [one, two, three] = games.map((game) => crashPointHundredths(game.hash, candidate));
  if (one >= 125 && one <= 160 && two >= 200 && two <= 260 && three <= 150) {
    salt = candidate;
    break;
  }
}

interface Server {
  name: string;
  child: ChildProcess;
  base: string;
  output: () => string;
}

async function startServer(name: string): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      API_HOST: '127.0.0.1',
      API_PORT: String(port),
      DATABASE_URL: url,
      REDIS_URL: redisServer.url,
      JWT_SECRET: 'shared-rounds-test-secret-'.padEnd(40, 'x'),
      RATE_LIMIT_ENABLED: 'false',
      LOG_LEVEL: 'info',
      CRASH_BETTING_MS: '2000',
      CRASH_PAUSE_MS: '500',
      CRASH_TICK_MS: '50',
      CRASH_IDLE_MS: '200',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${base}/health`)).ok) return { name, child, base, output: () => output };
    } catch {
      await sleep(100);
    }
  }
  throw new Error(`${name} did not start:\n${output}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function call(server: Server, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${server.base}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

/** A player signed up through `server`, with 1,000 RUB. */
async function player(server: Server) {
  const email = uniqueEmail('shared');
  const signUp = await call(server, '/api/v2/auth/register/email', {
    email,
    password: PASSWORD,
    currency: 'RUB',
    ...CONFIRMED,
  });
  expect(signUp.status, signUp.text).toBe(200);
  const user = (await findUserByEmail(db, email))!;
  await adjustBalance(db, {
    userId: user.id,
    currency: 'RUB',
    direction: 'credit',
    amountMinor: 100_000n,
    reason: 'test funds',
    key: `fund-${user.id}`,
    source: 'admin',
  });
  return { id: user.id, token: signUp.json().token as string };
}

function bet(server: Server, token: string, amount: number, autoCashout: number | null = null) {
  return call(
    server,
    '/crash/bet',
    { amount, auto_cashout: autoCashout, idempotency_key: `shared-${randomBytes(8).toString('hex')}` },
    token,
  );
}

/** A socket to `/crash/socket` of the server, its messages with the time each came. */
function listen(server: Server) {
  const socket = new WebSocket(`${server.base.replace('http', 'ws')}/crash/socket`);
  sockets.push(socket);
  const messages: { message: CrashMessage; at: number }[] = [];
  socket.on('message', (data) => {
    for (const one of socketMessages(data))
      messages.push({ message: crashMessage.parse(one), at: Date.now() });
  });
  const next = async <T extends CrashMessage['type']>(
    type: T,
    match: (message: Extract<CrashMessage, { type: T }>, at: number) => boolean = () => true,
    timeout = 30_000,
  ): Promise<Extract<CrashMessage, { type: T }> & { at: number }> => {
    const started = Date.now();
    for (;;) {
      const found = messages.find(
        (m) => m.message.type === type && match(m.message as Extract<CrashMessage, { type: T }>, m.at),
      );
      if (found) return { ...(found.message as Extract<CrashMessage, { type: T }>), at: found.at };
      if (Date.now() - started > timeout) throw new Error(`no ${type} message on ${server.name}`);
      await sleep(10);
    }
  };
  return { socket, messages, next };
}

/** The lease's holder: the token is `host:pid:random`. */
async function leaderPid(): Promise<number | null> {
  const token = await redis.get(CRASH_LEASE_KEY);
  return token ? Number(token.split(':').at(-2)) : null;
}

describe('crash rounds across two API processes with Redis', () => {
  it('shares bets, cash-outs and events; survives the leader being killed mid-game; settles each bet once', async () => {
    const first = await startServer('A');
    const second = await startServer('B');
    const servers = [first, second];
    const dump = () => servers.map((s) => `--- ${s.name}\n${s.output().slice(-6_000)}`).join('\n');
    try {
      await expect.poll(leaderPid, { timeout: 10_000 }).not.toBeNull();
      const firstLeader = await leaderPid();
      const leader = servers.find((s) => s.child.pid === firstLeader)!;
      expect(leader, dump()).toBeDefined();
      const follower = servers.find((s) => s !== leader)!;

      const [p1, p2, p3, p4] = [
        await player(follower),
        await player(leader),
        await player(leader),
        await player(follower),
      ];
      const atLeader = listen(leader);
      const atFollower = listen(follower);
      await atLeader.next('snapshot');
      await atFollower.next('snapshot');
      await setChainSalt(db, { salt, now: new Date() });

      // --- game 1: a bet through each process, seen through both ---
      const game1 = games[0].id;
      await atLeader.next('betting', (m) => m.game_id === game1);
      await atFollower.next('betting', (m) => m.game_id === game1);
      const b1 = await bet(follower, p1.token, 100, 1.1);
      expect(b1.status, b1.text + dump()).toBe(200);
      const b2 = await bet(leader, p2.token, 50);
      expect(b2.status, b2.text).toBe(200);
      expect(b2.json().game_id).toBe(game1);
      for (const listener of [atLeader, atFollower]) {
        await listener.next('bet', (m) => m.bet.id === (b1.json().bet as { id: number }).id);
        await listener.next('bet', (m) => m.bet.id === (b2.json().bet as { id: number }).id);
      }
      for (const server of servers) {
        const state = (await call(server, '/crash/state')).json();
        expect(state, server.name).toMatchObject({ phase: 'betting', game_id: game1 });
        expect((state.bets as { amount: number }[]).map((b) => b.amount).sort((x, y) => x - y)).toEqual([
          50, 100,
        ]);
      }
      // A cash-out through the process that does not run the clock, priced by its own clock.
      await atFollower.next('tick', (m) => m.game_id === game1 && m.elapsed_ms >= 300);
      const out2 = await call(follower, '/crash/cashout', { game_id: game1 }, p2.token);
      expect(out2.status, out2.text).toBe(200);
      const at2 = (out2.json().bet as { cashed_out_at: number }).cashed_out_at;
      expect(at2).toBeGreaterThanOrEqual(1.01);
      const bust1 = await atFollower.next('busted', (m) => m.game_id === game1);
      expect(bust1.crash_point).toBe(crashPointHundredths(games[0].hash, salt) / 100);
      const bets1 = await db.select().from(crashBets).where(eq(crashBets.gameId, game1));
      // The leader paid the auto cash-out of the bet taken by the follower, at exactly its target.
      expect(bets1.find((b) => b.userId === p1.id)).toMatchObject({ status: 'cashed_out', cashedOutAt: 110 });
      expect(bets1.find((b) => b.userId === p2.id)).toMatchObject({
        status: 'cashed_out',
        cashedOutAt: Math.round(at2 * 100),
      });

      // --- game 2: bets through both; the leader is killed a second into the game ---
      const game2 = games[1].id;
      await atFollower.next('betting', (m) => m.game_id === game2);
      const placed2 = [
        await bet(follower, p1.token, 100, 1.2),
        await bet(leader, p2.token, 100),
        await bet(leader, p3.token, 100, 1.15),
        await bet(follower, p4.token, 100),
      ];
      for (const placed of placed2) expect(placed.status, placed.text).toBe(200);
      await atFollower.next('started', (m) => m.game_id === game2);
      await atFollower.next('tick', (m) => m.game_id === game2 && m.elapsed_ms >= 1_000);
      const killedAt = Date.now();
      leader.child.kill('SIGKILL');
      // Cash-outs go on being taken while no process runs the clock.
      const out4 = await call(follower, '/crash/cashout', { game_id: game2 }, p4.token);
      expect(out4.status, out4.text).toBe(200);
      const at4 = (out4.json().bet as { cashed_out_at: number }).cashed_out_at;

      await expect.poll(leaderPid, { timeout: 10_000 }).toBe(follower.child.pid);
      const resumedTick = await atFollower.next('tick', (m, at) => m.game_id === game2 && at > killedAt);
      const takeOverMs = resumedTick.at - killedAt;
      console.info(`[shared rounds] the next leader ticked game ${game2} ${takeOverMs} ms after the kill`);
      expect(takeOverMs).toBeLessThan(6_000);
      const bust2 = await atFollower.next('busted', (m) => m.game_id === game2);
      expect(bust2.crash_point).toBe(crashPointHundredths(games[1].hash, salt) / 100);

      const bets2 = await db.select().from(crashBets).where(eq(crashBets.gameId, game2));
      const of = (id: number) => bets2.find((b) => b.userId === id)!;
      // Auto cash-outs whose target passed while no process ran the clock: paid at exactly their target.
      expect(of(p1.id)).toMatchObject({ status: 'cashed_out', cashedOutAt: 120, payoutMinor: 12_000n });
      expect(of(p3.id)).toMatchObject({ status: 'cashed_out', cashedOutAt: 115, payoutMinor: 11_500n });
      expect(of(p4.id)).toMatchObject({ status: 'cashed_out', cashedOutAt: Math.round(at4 * 100) });
      expect(of(p2.id)).toMatchObject({ status: 'lost', payoutMinor: 0n });
      // Each bet: one stake, and at most one win or refund, as its status says.
      const allBets = [...bets1, ...bets2];
      const transfers = await db
        .select()
        .from(ledgerTransfers)
        .where(
          or(
            like(ledgerTransfers.idempotencyKey, 'crash-bet:%'),
            inArray(
              ledgerTransfers.idempotencyKey,
              allBets.flatMap((b) => [`crash-win:${b.id}`, `crash-refund:${b.id}`]),
            ),
          ),
        );
      for (const row of allBets) {
        const stakes = transfers.filter((t) => t.id === row.stakeTransferId);
        const settles = transfers.filter(
          (t) => t.idempotencyKey === `crash-win:${row.id}` || t.idempotencyKey === `crash-refund:${row.id}`,
        );
        expect(stakes, `bet ${row.id}`).toHaveLength(1);
        expect(settles.length, `bet ${row.id}`).toBe(row.status === 'lost' ? 0 : 1);
      }
      expect(transfers.filter((t) => t.idempotencyKey.startsWith('crash-bet:'))).toHaveLength(allBets.length);
      await assertLedgerInvariants(db);

      // Both sockets had the same events in the same order while both processes ran.
      const events = (listener: typeof atLeader) =>
        listener.messages.map((m) => m.message).filter((m) => m.type !== 'snapshot');
      const common = Math.min(events(atLeader).length, events(atFollower).length);
      expect(common).toBeGreaterThan(50);
      expect(events(atFollower).slice(0, common)).toEqual(events(atLeader).slice(0, common));

      // --- the rounds go on ---
      const game3 = games[2].id;
      await atFollower.next('betting', (m) => m.game_id === game3);
      const bust3 = await atFollower.next('busted', (m) => m.game_id === game3);
      expect(bust3.hash).toBe(games[2].hash);
      expect((await call(follower, '/crash/state')).json()).toMatchObject({ game_id: expect.any(Number) });
    } catch (error) {
      console.error(dump());
      throw error;
    } finally {
      killAll();
    }
  }, 180_000);
});
