/**
 * `npm run bench:crash [-- SPECTATORS ROUNDS PLAYERS]` (default 10000 3 200): the crash rounds' realtime
 * load on one API process (issue 16). Starts the API in a process of its own on a fresh embedded
 * PostgreSQL (bench/lib/api-stack.ts) with the round engine, publishes a chain of games and its salt,
 * signs up PLAYERS players, then:
 *
 *   1. a baseline round with 10 spectators: the tick lag with nothing else going on;
 *   2. SPECTATORS sockets on `/crash/socket` (opened 250 at a time) for ROUNDS rounds, while in every
 *      betting window all PLAYERS bet at once (auto cash-out at 1.50×). Every 20th socket reads its
 *      messages (the others only receive them: the spectators' side of this one machine must not be what
 *      is measured); the lag of a tick is when it arrives minus when the server computed it (the game's
 *      `started_at` + the tick's `elapsed_ms`; one clock, one machine), the gap is the time since the
 *      previous tick on that socket.
 *
 * Prints the spectators kept, the lag p50/p99/max and the gap p99 beside the 150 ms (ticks at
 * least every 150 ms) and the baseline, sockets dropped by the server, and the bets each round took
 * (accepted, refused, the span of the window they needed, bets per second), then the ledger check.
 */
import WebSocket from 'ws';
import { percentile, startBenchApi, type BenchApi } from './lib/api-stack';
import { benchKey, signUpPlayers } from './lib/players';
import { ledgerInvariantViolations } from '../server/modules/ledger/invariants';
import { createChain, setChainSalt } from '../server/modules/crash/service';

const [spectatorsArg, roundsArg, playersArg] = process.argv.slice(2);
const SPECTATORS = Number(spectatorsArg ?? 10_000);
const ROUNDS = Number(roundsArg ?? 3);
const PLAYERS = Number(playersArg ?? 200);
for (const [name, value] of [
  ['SPECTATORS', SPECTATORS],
  ['ROUNDS', ROUNDS],
  ['PLAYERS', PLAYERS],
] as const) {
  if (!(Number.isInteger(value) && value > 0)) throw new Error(`${name} must be a positive integer`);
}

/** The target and limit. */
const TARGET_SPECTATORS = 10_000;
const TICK_LIMIT_MS = 150;
const SAMPLE_EVERY = 20;
const OPEN_BATCH = 250;

interface Message {
  type: string;
  game_id?: number;
  started_at?: string;
  elapsed_ms?: number;
}

interface Watch {
  lags: number[];
  gaps: number[];
  busts: number;
  dropped: number;
  onBetting: ((gameId: number) => void) | null;
  onBust: (() => void) | null;
}

function newWatch(): Watch {
  return { lags: [], gaps: [], busts: 0, dropped: 0, onBetting: null, onBust: null };
}

/** Opens `count` spectators, the sampled ones reading into `watch`. */
async function openSpectators(url: string, count: number, watch: Watch): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let start = 0; start < count; start += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, count - start) }, (_, k) => {
      const index = start + k;
      const socket = new WebSocket(url, { perMessageDeflate: false });
      sockets.push(socket);
      socket.on('error', () => {});
      let closing = false;
      socket.on('close', () => {
        if (!closing) watch.dropped += 1;
      });
      (socket as WebSocket & { benchClose?: () => void }).benchClose = () => {
        closing = true;
        socket.terminate();
      };
      if (index % SAMPLE_EVERY === 0) {
        let startedAt = 0;
        let lastTick = 0;
        const leader = index === 0;
        socket.on('message', (data) => {
          const now = Date.now();
          // Events written together come as one array (server/realtime/socket.ts).
          const parsed = JSON.parse(String(data)) as Message | Message[];
          for (const message of Array.isArray(parsed) ? parsed : [parsed]) onMessage(message, now);
        });
        const onMessage = (message: Message, now: number) => {
          if (message.type === 'started') {
            startedAt = Date.parse(message.started_at!);
            lastTick = now;
          } else if (message.type === 'tick' && startedAt > 0) {
            watch.lags.push(now - (startedAt + message.elapsed_ms!));
            watch.gaps.push(now - lastTick);
            lastTick = now;
          } else if (message.type === 'busted') {
            startedAt = 0;
            if (leader) {
              watch.busts += 1;
              watch.onBust?.();
            }
          } else if (message.type === 'betting' && leader) {
            watch.onBetting?.(message.game_id!);
          }
        };
      }
      return new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

function closeAll(sockets: WebSocket[]): void {
  for (const socket of sockets) (socket as WebSocket & { benchClose?: () => void }).benchClose?.();
}

/** Resolves after `rounds` busts seen by the watch's first socket. */
function rounds(watch: Watch, count: number): Promise<void> {
  const target = watch.busts + count;
  return new Promise((resolve) => {
    watch.onBust = () => {
      if (watch.busts >= target) {
        watch.onBust = null;
        resolve();
      }
    };
  });
}

interface RoundBets {
  accepted: number;
  refused: Map<number, number>;
  /** The first answer of each refused status, for the report. */
  samples: Map<number, string>;
  spanMs: number;
}

async function betAll(base: string, tokens: string[]): Promise<RoundBets> {
  const refused = new Map<number, number>();
  const samples = new Map<number, string>();
  let accepted = 0;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      const response = await fetch(`${base}/crash/bet`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: 1, auto_cashout: 1.5, idempotency_key: benchKey() }),
      });
      const text = await response.text();
      if (response.status === 200) accepted += 1;
      else {
        refused.set(response.status, (refused.get(response.status) ?? 0) + 1);
        if (!samples.has(response.status)) samples.set(response.status, text.slice(0, 160));
      }
    }),
  );
  return { accepted, refused, samples, spanMs: performance.now() - started };
}

const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(1)} ms`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

function lagLine(label: string, watch: Watch): string {
  const lags = [...watch.lags].sort((a, b) => a - b);
  const gaps = [...watch.gaps].sort((a, b) => a - b);
  return `${label.padEnd(26)} ticks read ${String(lags.length).padStart(7)}  lag p50 ${ms(percentile(lags, 50))}, p99 ${ms(percentile(lags, 99))}, max ${ms(lags.at(-1) ?? 0)}  gap p99 ${ms(percentile(gaps, 99))}`;
}

let api: BenchApi;

async function main(): Promise<void> {
  api = await startBenchApi({ poolMax: 20, process: 'child', env: { CRASH_ENGINE: 'true' } });
  const { base, db } = api;
  const socketUrl = `${base.replace(/^http/, 'ws')}/crash/socket`;
  try {
    console.log(`API on ${base} (in ${api.where}), PostgreSQL ${api.databaseUrl}`);
    await createChain(db, { length: 1_000, now: new Date() });
    await setChainSalt(db, { salt: benchKey(), now: new Date() });
    const players = (await signUpPlayers(base, db, PLAYERS)).map((player) => player.token);
    console.log(`${PLAYERS} players signed up and funded; a chain of 1,000 games published.`);

    const baseline = newWatch();
    const few = await openSpectators(socketUrl, 10, baseline);
    await rounds(baseline, 1);
    closeAll(few);
    console.log(lagLine('baseline (10 spectators)', baseline));

    const watch = newWatch();
    const opening = performance.now();
    const cpuBefore = await api.cpu();
    const benchCpuBefore = process.cpuUsage();
    const sockets = await openSpectators(socketUrl, SPECTATORS, watch);
    console.log(
      `${SPECTATORS} spectators connected in ${((performance.now() - opening) / 1000).toFixed(1)} s.`,
    );
    // Only from the next betting window on: every round measured whole.
    watch.lags.length = 0;
    watch.gaps.length = 0;
    const bets: RoundBets[] = [];
    const betting: Promise<void>[] = [];
    watch.onBetting = () => {
      betting.push(betAll(base, players).then((result) => void bets.push(result)));
    };
    const measured = performance.now();
    await rounds(watch, ROUNDS + 1);
    watch.onBetting = null;
    await Promise.all(betting);
    const seconds = (performance.now() - measured) / 1000;
    const cpuAfter = await api.cpu();
    const memory = await api.memory();
    const kept = sockets.filter((socket) => socket.readyState === WebSocket.OPEN).length;
    closeAll(sockets);

    console.log('');
    console.log(lagLine(`${SPECTATORS} spectators`, watch));
    console.log('');
    console.log(`${'measure'.padEnd(24)}${'value'.padStart(14)}${'limit'.padStart(14)}  met`);
    const row = (name: string, value: string, limit: string, met: boolean) =>
      console.log(`${name.padEnd(24)}${value.padStart(14)}${limit.padStart(14)}  ${met ? 'yes' : 'NO'}`);
    const lags = [...watch.lags].sort((a, b) => a - b);
    const gaps = [...watch.gaps].sort((a, b) => a - b);
    row('spectators kept', String(kept), `≥ ${TARGET_SPECTATORS}`, kept >= TARGET_SPECTATORS);
    row(
      'tick lag p99',
      ms(percentile(lags, 99)),
      `≤ ${TICK_LIMIT_MS} ms`,
      percentile(lags, 99) <= TICK_LIMIT_MS,
    );
    row(
      'tick gap p99',
      ms(percentile(gaps, 99)),
      `≤ ${TICK_LIMIT_MS} ms`,
      percentile(gaps, 99) <= TICK_LIMIT_MS,
    );
    row('dropped by the server', String(watch.dropped), '0', watch.dropped === 0);
    console.log('');
    for (const [i, round] of bets.entries()) {
      const refused = [...round.refused].map(([status, n]) => `${n}×${status}`).join(', ') || 'none';
      console.log(
        `round ${i + 1}: ${round.accepted} of ${PLAYERS} bets taken in ${ms(round.spanMs)} (${(round.accepted / (round.spanMs / 1000)).toFixed(0)} bets/s), refused ${refused}`,
      );
      for (const [status, body] of round.samples) console.log(`  e.g. ${status}: ${body}`);
    }
    const benchCpu = process.cpuUsage(benchCpuBefore);
    const apiCpu = (cpuAfter.apiMs - cpuBefore.apiMs) / 1000;
    const pgCpu = (cpuAfter.postgresMs - cpuBefore.postgresMs) / 1000;
    console.log(
      `API process: ${((apiCpu / seconds) * 100).toFixed(0)} % of a core, PostgreSQL ${((pgCpu / seconds) * 100).toFixed(0)} %, over ${seconds.toFixed(1)} s; RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}; the spectators' and players' side (this process, same machine) ${(((benchCpu.user + benchCpu.system) / 1e6 / seconds) * 100).toFixed(0)} %`,
    );
    const violations = await ledgerInvariantViolations(db);
    console.log(
      violations.length === 0
        ? 'Ledger invariants: hold.'
        : `Ledger invariants VIOLATED: ${violations.join('; ')}`,
    );
  } finally {
    await api.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
