/**
 * `npm run bench:sports [-- SECONDS]` (default 20): the sportsbook (issue 18) under load, with the sandbox
 * odds feed running, each figure beside what it is measured against in the same run.
 *
 * 1. starts the API in its own process on a fresh embedded PostgreSQL (bench/lib/api-stack.ts) with
 *    NODE_ENV=development and SPORTS_FEED=sandbox (under NODE_ENV=test, api-stack's default, server/app.ts
 *    runs no feed; the `/sandbox/sports/*` hooks exist outside production), waits until `GET /sports/events`
 *    lists enough open events, signs up and funds 50 players (bench/lib/players.ts);
 * 2. express bets: for SECONDS, each player loops `POST /sports/bets` (express of 5 legs, stake RUB 1, accept
 *    any odds), one at a time, the legs being one outcome (odds ≤ 5, so that no bet meets the payout limits)
 *    of an open market of each of 5 different events, picked at random from `GET /sports/events` (read again
 *    every second in the background, as a bettor's list is). A bet refused because a leg was suspended or
 *    its odds moved meanwhile (the live matches play on) is counted apart, and the player picks again;
 *    bets/s and p50/p99 of the bets taken, and of the refusals;
 * 3. beside it, the in-house games' bet path: the same 50 players loop `POST /dice/bet` for SECONDS (as
 *    bench/aggregator-wallet.ts does); bets/s and p50/p99;
 * 4. odds to slips: 5 upcoming events (the same 5 for every slip, as slips holding an express of them); a
 *    driver moves odds with `POST /sandbox/sports/outcomes/:id/odds` as fast as it can (4 calls at a time,
 *    each moving one outcome of its own markets, each value never used before and off the feed's grid of
 *    hundredths, so that a patch received is matched to the call that sent it), first for 5 s with 10
 *    WebSocket clients (`/socket?topics=sports:<id>,…`, the baseline), then for SECONDS with 1,000;
 *    updates sent/s, messages delivered/s over all clients (the feed's own patches on those topics too),
 *    the share of the expected deliveries (updates answered × clients) received, the delivery lag (call
 *    sent → patch received, in this process) p50/p99, and the clients the server dropped;
 * 5. the ledger's invariants (server/modules/ledger/invariants).
 *
 * The clients and the players share this process: its own CPU is printed beside the API's and PostgreSQL's,
 * since on a small machine it is part of what the lag measures.
 */
import WebSocket from 'ws';
import type { SportEvent, SportEventsReply, SportsEventPatch } from '@/lib/contracts/sports';
import { ledgerInvariantViolations } from '../server/modules/ledger/invariants';
import { benchAgent, httpRequest } from './lib/http';
import { percentile, startBenchApi, type BenchApi } from './lib/api-stack';
import { benchKey, signUpPlayers } from './lib/players';

const SECONDS = Number(process.argv[2] ?? 20);
if (!(SECONDS > 0)) throw new Error('SECONDS must be a positive number');
const PLAYERS = 50;
const LEGS = 5;
const STAKE = 1;
/** Legs are picked among outcomes at these odds or lower: 5⁵ × RUB 1 stays far under every payout limit. */
const MAX_LEG_ODDS = 5;
/** Open events the book must list before the bets start. */
const MIN_EVENTS = 20;
const SLIPS = 1_000;
const BASELINE_SLIPS = 10;
const BASELINE_SECONDS = Math.min(5, SECONDS);
const SLIP_EVENTS = 5;
/** Outcomes moved per event, and the driver's calls at a time. */
const MOVED_PER_EVENT = 8;
const DRIVERS = 4;
/** How long deliveries may still arrive after the driver's last answer. */
const GRACE_MS = 2_000;
const OPEN_BATCH = 100;

const agent = benchAgent();
const request = (
  method: 'GET' | 'POST',
  url: string,
  payload: string | null,
  headers: Record<string, string> = {},
) => httpRequest(agent, method, url, payload, headers);

async function getJson<T>(url: string): Promise<T> {
  const answer = await request('GET', url, null);
  if (answer.status !== 200) throw new Error(`GET ${url}: ${answer.status} ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body) as T;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(1)} ms`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const perSecond = (count: number, seconds: number) => (count / seconds).toFixed(1);
const count = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const listed = (map: Map<string, number>) =>
  map.size === 0 ? 'none' : [...map].map(([what, n]) => `${n}× ${what}`).join(', ');

function latencyLine(label: string, values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label.padEnd(28)} p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1))} (${values.length})`;
}

/** CPU of the API's process, PostgreSQL and this process over a phase: shares of one core, and per unit. */
async function cpuMeter(api: BenchApi): Promise<(units?: number, unit?: string) => Promise<string>> {
  const before = await api.cpu();
  const own = process.cpuUsage();
  const started = performance.now();
  return async (units = 0, unit = '') => {
    const after = await api.cpu();
    const seconds = (performance.now() - started) / 1000;
    const mine = process.cpuUsage(own);
    const spent = {
      API: after.apiMs - before.apiMs,
      PostgreSQL: after.postgresMs - before.postgresMs,
      'this process': (mine.user + mine.system) / 1000,
    };
    const share = (cpuMs: number) => `${((cpuMs / 1000 / seconds) * 100).toFixed(0)} %`;
    const shares = Object.entries(spent).map(([who, cpuMs]) => `${who} ${share(cpuMs)}`);
    const per =
      units > 0
        ? `; per ${unit}: API ${(spent.API / units).toFixed(2)} ms, PostgreSQL ${(spent.PostgreSQL / units).toFixed(2)} ms`
        : '';
    return `CPU (of one core): ${shares.join(', ')}${per}`;
  };
}

// ---------------------------------------------------------------------------------------------------------
// 1. Express bets of 5 legs.

interface Candidate {
  outcomeId: string;
  marketId: string;
  odds: number;
}

/** The book as a bettor sees it: per open event, the outcomes a leg may take. */
class Catalogue {
  private events: Candidate[][] = [];
  /** Markets refused as suspended since the list was last read. */
  private readonly held = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  reads = 0;

  constructor(private readonly base: string) {}

  async refresh(): Promise<number> {
    const { items } = await getJson<SportEventsReply>(`${this.base}/sports/events?limit=200`);
    this.reads += 1;
    this.held.clear();
    this.events = items
      .filter((event) => event.status === 'prematch' || event.status === 'live')
      .map((event) =>
        event.markets
          .filter((market) => market.status === 'open')
          .flatMap((market) =>
            market.outcomes
              .filter((outcome) => outcome.odds <= MAX_LEG_ODDS)
              .map((outcome) => ({ outcomeId: outcome.id, marketId: market.id, odds: outcome.odds })),
          ),
      )
      .filter((candidates) => candidates.length > 0);
    return this.events.length;
  }

  /** Reads the list again every `everyMs` until stopped. */
  follow(everyMs: number): void {
    const next = () => {
      this.timer = setTimeout(() => {
        this.refresh()
          .catch(() => undefined)
          .finally(() => {
            if (this.timer) next();
          });
      }, everyMs);
    };
    next();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  hold(marketId: string): void {
    this.held.add(marketId);
  }

  /** One outcome of each of `legs` different events, or null when fewer events are on offer. */
  pick(legs: number): Candidate[] | null {
    const open = this.events
      .map((candidates) => candidates.filter((candidate) => !this.held.has(candidate.marketId)))
      .filter((candidates) => candidates.length > 0);
    if (open.length < legs) return null;
    for (let i = 0; i < legs; i += 1) {
      const j = i + Math.floor(Math.random() * (open.length - i));
      [open[i], open[j]] = [open[j], open[i]];
    }
    return open.slice(0, legs).map((candidates) => candidates[Math.floor(Math.random() * candidates.length)]);
  }
}

interface Phase {
  count: number;
  elapsed: number;
  latencies: number[];
  refusedLatencies: number[];
  /** Refusals the player picks again after (a leg suspended or its odds moved), by key. */
  refused: Map<string, number>;
  /** Anything else: refusals that should not happen, HTTP or network failures. */
  failures: Map<string, number>;
  samples: Map<string, string>;
}

async function timed(
  seconds: number,
  workers: number,
  step: (worker: number, phase: Phase) => Promise<void>,
): Promise<Phase> {
  const phase: Phase = {
    count: 0,
    elapsed: 0,
    latencies: [],
    refusedLatencies: [],
    refused: new Map(),
    failures: new Map(),
    samples: new Map(),
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) await step(worker, phase);
    }),
  );
  phase.elapsed = (performance.now() - started) / 1000;
  return phase;
}

/** The key of a 422 (`selections.suspended`, `stake.event_limit` …) and the outcome it names, if any. */
function refusalOf(body: string): { key: string; outcomeId: string | null } {
  try {
    const { errors } = JSON.parse(body) as { errors?: Record<string, string[]> };
    const [field, entries] = Object.entries(errors ?? {})[0] ?? ['?', []];
    const entry = entries[0] ?? '';
    return {
      key: `${field}.${entry.split(':')[0]}`,
      outcomeId: /outcome (\S+) is not on offer/.exec(entry)?.[1] ?? null,
    };
  } catch {
    return { key: 'unreadable', outcomeId: null };
  }
}

const marketOf = (outcomeId: string) => outcomeId.slice(0, outcomeId.lastIndexOf(':'));

async function expressBets(base: string, catalogue: Catalogue, tokens: string[]): Promise<Phase> {
  return timed(SECONDS, tokens.length, async (worker, phase) => {
    const legs = catalogue.pick(LEGS);
    if (!legs) {
      count(phase.failures, 'fewer than 5 events on offer (waited 100 ms)');
      await sleep(100);
      return;
    }
    const t0 = performance.now();
    const answer = await request(
      'POST',
      `${base}/sports/bets`,
      JSON.stringify({
        kind: 'express',
        stake: STAKE,
        accept: 'any',
        selections: legs.map((leg) => ({ outcome_id: leg.outcomeId, odds: leg.odds })),
        key: benchKey(),
      }),
      { authorization: `Bearer ${tokens[worker]}` },
    ).catch((error: Error) => ({ status: 0, body: error.message }));
    const took = performance.now() - t0;
    if (answer.status === 200) {
      phase.count += 1;
      phase.latencies.push(took);
      return;
    }
    if (answer.status === 422) {
      const { key, outcomeId } = refusalOf(answer.body);
      if (key === 'selections.suspended' || key === 'selections.odds_changed') {
        count(phase.refused, key);
        phase.refusedLatencies.push(took);
        if (outcomeId) catalogue.hold(marketOf(outcomeId));
        return;
      }
      count(phase.failures, `422 ${key}`);
      if (!phase.samples.has(key)) phase.samples.set(key, answer.body.slice(0, 200));
      return;
    }
    count(phase.failures, answer.status === 0 ? answer.body : `HTTP ${answer.status}`);
    if (!phase.samples.has(String(answer.status)))
      phase.samples.set(String(answer.status), answer.body.slice(0, 200));
  });
}

async function diceBets(base: string, tokens: string[]): Promise<Phase> {
  return timed(SECONDS, tokens.length, async (worker, phase) => {
    const t0 = performance.now();
    const answer = await request(
      'POST',
      `${base}/dice/bet`,
      JSON.stringify({ amount: 1, target: 50, direction: 'over', idempotency_key: benchKey() }),
      { authorization: `Bearer ${tokens[worker]}` },
    ).catch((error: Error) => ({ status: 0, body: error.message }));
    if (answer.status === 200) {
      phase.count += 1;
      phase.latencies.push(performance.now() - t0);
    } else count(phase.failures, answer.status === 0 ? answer.body : `HTTP ${answer.status}`);
  });
}

// ---------------------------------------------------------------------------------------------------------
// 2. Odds updates pushed to slips.

/** Delivery lags in 0.1 ms buckets up to 60 s (constant memory however many deliveries). */
class LagHistogram {
  private readonly buckets = new Uint32Array(600_000);
  total = 0;
  max = 0;

  add(lagMs: number): void {
    const bucket = Math.min(this.buckets.length - 1, Math.max(0, Math.floor(lagMs * 10)));
    this.buckets[bucket] += 1;
    this.total += 1;
    if (lagMs > this.max) this.max = lagMs;
  }

  percentile(p: number): number | undefined {
    if (this.total === 0) return undefined;
    const rank = Math.min(this.total - 1, Math.floor((p / 100) * this.total));
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i += 1) {
      seen += this.buckets[i];
      if (seen > rank) return (i + 0.5) / 10;
    }
    return this.max;
  }
}

/** What one received frame holds (the same text reaches every slip: it is read once). */
interface FrameInfo {
  events: number;
  snapshots: number;
  /**
   * The moved outcomes it carries, with their odds in thousandths and whether in a patch (a delivery) or in
   * a snapshot (what a slip starts from, no delivery).
   */
  moved: [string, number, boolean][];
}

interface Slip {
  socket: WebSocket;
  /**
   * The odds last seen of each moved outcome: a market sent again (another of its outcomes moved) is no new
   * delivery.
   */
  last: Map<string, number>;
  snapshots: number;
  closing: boolean;
}

class SlipWatch {
  /** Outcomes the driver moves. */
  readonly moved = new Set<string>();
  /** `<outcome id>|<odds milli>` → when the call that set it was sent (performance.now()). */
  readonly sentAt = new Map<string, number>();
  private readonly frames = new Map<string, FrameInfo>();
  lags = new LagHistogram();
  events = 0;
  matched = 0;
  dropped = 0;
  snapshots = 0;

  reset(): void {
    this.lags = new LagHistogram();
    this.events = 0;
    this.matched = 0;
  }

  private frameInfo(text: string): FrameInfo {
    let info = this.frames.get(text);
    if (info) return info;
    const parsed = JSON.parse(text) as
      | { type: string; event?: SportsEventPatch | SportEvent }
      | { type: string; event?: SportsEventPatch | SportEvent }[];
    info = { events: 0, snapshots: 0, moved: [] };
    for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
      if (message.type === 'event') info.events += 1;
      else if (message.type === 'snapshot') info.snapshots += 1;
      for (const market of message.event?.markets ?? [])
        for (const outcome of market.outcomes)
          if (this.moved.has(outcome.id))
            info.moved.push([outcome.id, Math.round(outcome.odds * 1000), message.type === 'event']);
    }
    if (this.frames.size >= 1_000) this.frames.clear();
    this.frames.set(text, info);
    return info;
  }

  receive(slip: Slip, data: WebSocket.RawData): void {
    const now = performance.now();
    const info = this.frameInfo(String(data));
    this.events += info.events;
    this.snapshots += info.snapshots;
    slip.snapshots += info.snapshots;
    for (const [outcomeId, milli, delivery] of info.moved) {
      if (slip.last.get(outcomeId) === milli) continue;
      slip.last.set(outcomeId, milli);
      if (!delivery) continue;
      const sent = this.sentAt.get(`${outcomeId}|${milli}`);
      if (sent === undefined) continue;
      this.matched += 1;
      this.lags.add(now - sent);
    }
  }
}

/** Every slip opened, closed at the end whatever happens. */
const allSlips: Slip[] = [];

async function openSlips(url: string, slips: number, watch: SlipWatch): Promise<Slip[]> {
  const opened: Slip[] = [];
  for (let start = 0; start < slips; start += OPEN_BATCH) {
    const batch = Array.from({ length: Math.min(OPEN_BATCH, slips - start) }, () => {
      const socket = new WebSocket(url, { perMessageDeflate: false });
      const slip: Slip = { socket, last: new Map(), snapshots: 0, closing: false };
      opened.push(slip);
      allSlips.push(slip);
      socket.on('message', (data) => watch.receive(slip, data));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        if (!slip.closing) watch.dropped += 1;
      });
      return new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
      });
    });
    await Promise.all(batch);
  }
  // Every slip has its 5 snapshots before the odds move.
  const deadline = performance.now() + 60_000;
  while (opened.some((slip) => slip.snapshots < SLIP_EVENTS) && performance.now() < deadline) await sleep(50);
  const short = opened.filter((slip) => slip.snapshots < SLIP_EVENTS).length;
  if (short > 0) console.warn(`  ${short} slips still lack a snapshot after 60 s; measuring anyway`);
  return opened;
}

function closeSlips(slips: Slip[]): void {
  for (const slip of slips) {
    slip.closing = true;
    slip.socket.terminate();
  }
}

/**
 * The next odds (thousandths) the driver sets: never used before, never a multiple of 0.01 (the feed's
 * grid).
 */
let nextMilli = 1_500;
function freshMilli(): number {
  nextMilli += 1;
  if (nextMilli % 10 === 0) nextMilli += 1;
  return nextMilli;
}

interface Drive {
  sent: number;
  answered: number;
  elapsed: number;
  latencies: number[];
  failures: Map<string, number>;
  /** Events delivered (all clients) while the driver ran. */
  eventsInWindow: number;
}

async function driveOdds(
  base: string,
  outcomes: string[][],
  seconds: number,
  watch: SlipWatch,
  clients: number,
): Promise<Drive> {
  watch.reset();
  const drive: Drive = {
    sent: 0,
    answered: 0,
    elapsed: 0,
    latencies: [],
    failures: new Map(),
    eventsInWindow: 0,
  };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    outcomes.map(async (own) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        const outcomeId = own[i % own.length];
        const milli = freshMilli();
        const t0 = performance.now();
        watch.sentAt.set(`${outcomeId}|${milli}`, t0);
        drive.sent += 1;
        const answer = await request(
          'POST',
          `${base}/sandbox/sports/outcomes/${encodeURIComponent(outcomeId)}/odds`,
          JSON.stringify({ odds: milli / 1000 }),
        ).catch((error: Error) => ({ status: 0, body: error.message }));
        drive.latencies.push(performance.now() - t0);
        if (answer.status === 200) drive.answered += 1;
        else
          count(drive.failures, answer.status === 0 ? answer.body : `HTTP ${answer.status} ${answer.body}`);
      }
    }),
  );
  drive.elapsed = (performance.now() - started) / 1000;
  drive.eventsInWindow = watch.events;
  // The last patches may still be on their way.
  const expected = drive.answered * clients;
  const grace = performance.now() + GRACE_MS;
  while (watch.matched < expected && performance.now() < grace) await sleep(20);
  return drive;
}

/** The 5 events every slip follows: upcoming ones starting last (no kick-off during the run), most markets first. */
async function slipEvents(base: string): Promise<{ ids: string[]; outcomes: string[][] }> {
  const { items } = await getJson<SportEventsReply>(`${base}/sports/events?status=upcoming&limit=200`);
  const chosen = items
    .filter((event) => Date.parse(event.starts_at) > Date.now() + 30 * 60_000)
    .sort((a, b) => b.markets_count - a.markets_count)
    .slice(0, SLIP_EVENTS);
  if (chosen.length < SLIP_EVENTS) throw new Error(`only ${chosen.length} events start in more than 30 min`);
  // One outcome of each of up to MOVED_PER_EVENT open markets per event, dealt to the drivers in turn.
  const outcomes: string[][] = Array.from({ length: DRIVERS }, () => []);
  let dealt = 0;
  for (const { id } of chosen) {
    const event = await getJson<SportEvent>(`${base}/sports/events/${encodeURIComponent(id)}`);
    for (const market of event.markets.filter((m) => m.status === 'open').slice(0, MOVED_PER_EVENT)) {
      outcomes[dealt % DRIVERS].push(market.outcomes[0].id);
      dealt += 1;
    }
  }
  return { ids: chosen.map((event) => event.id), outcomes };
}

interface SlipRun {
  clients: number;
  kept: number;
  drive: Drive;
  expected: number;
  matched: number;
  events: number;
  lags: LagHistogram;
  cpu: string;
  connectSeconds: number;
}

async function slipRun(
  api: BenchApi,
  url: string,
  outcomes: string[][],
  clients: number,
  seconds: number,
  watch: SlipWatch,
): Promise<SlipRun> {
  const opening = performance.now();
  const droppedBefore = watch.dropped;
  const slips = await openSlips(url, clients, watch);
  const connectSeconds = (performance.now() - opening) / 1000;
  const meter = await cpuMeter(api);
  const drive = await driveOdds(api.base, outcomes, seconds, watch, clients);
  const cpu = await meter(drive.answered, 'update');
  const kept = slips.filter((slip) => slip.socket.readyState === WebSocket.OPEN).length;
  const dropped = watch.dropped - droppedBefore;
  closeSlips(slips);
  const { matched, events, lags } = watch;
  watch.reset();
  if (kept + dropped !== clients)
    console.warn(`  (${clients - kept - dropped} slips neither open nor dropped)`);
  return {
    clients,
    kept,
    drive,
    expected: drive.answered * clients,
    matched,
    events,
    lags,
    cpu,
    connectSeconds,
  };
}

function slipReport(run: SlipRun): string[] {
  const { drive, lags } = run;
  const share = run.expected === 0 ? 0 : (run.matched / run.expected) * 100;
  const sorted = [...drive.latencies].sort((a, b) => a - b);
  return [
    `${run.clients} slips (connected in ${run.connectSeconds.toFixed(1)} s):`,
    `  updates sent:              ${drive.answered} in ${drive.elapsed.toFixed(1)} s: ${perSecond(drive.answered, drive.elapsed)}/s (POST …/odds p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}); failed: ${listed(drive.failures)}`,
    `  messages delivered:        ${perSecond(drive.eventsInWindow, drive.elapsed)}/s over all clients (${drive.eventsInWindow} while the driver ran, the feed's own patches included)`,
    `  expected deliveries:       ${run.matched} of ${run.expected} received (${share.toFixed(2)} %)`,
    `  delivery lag:              p50 ${ms(lags.percentile(50))}, p99 ${ms(lags.percentile(99))}, max ${ms(lags.total ? lags.max : undefined)}`,
    `  clients kept:              ${run.kept} of ${run.clients} (dropped by the server: ${run.clients - run.kept})`,
    `  ${run.cpu}`,
  ];
}

// ---------------------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const api = await startBenchApi({
    poolMax: 20,
    process: 'child',
    // STUDIO_URL: nothing listens there, so the development mode's casino jobs fetch no catalogue.
    env: { NODE_ENV: 'development', SPORTS_FEED: 'sandbox', STUDIO_URL: 'http://127.0.0.1:9' },
  });
  const catalogue = new Catalogue(api.base);
  try {
    const { base, db } = api;
    console.log(`API on ${base} (in ${api.where}), PostgreSQL ${api.databaseUrl}`);
    const waitUntil = performance.now() + 60_000;
    let open = await catalogue.refresh();
    while (open < MIN_EVENTS && performance.now() < waitUntil) {
      await sleep(500);
      open = await catalogue.refresh();
    }
    if (open < MIN_EVENTS) throw new Error(`the sandbox feed lists ${open} open events, not ${MIN_EVENTS}`);
    console.log(`Sandbox feed: ${open} events on offer with outcomes at odds ≤ ${MAX_LEG_ODDS}.`);
    const tokens = (await signUpPlayers(base, db, PLAYERS)).map((player) => player.token);
    console.log(`${PLAYERS} players signed up and funded.`);

    console.log(`Express bets: ${PLAYERS} players, ${LEGS} legs each, for ${SECONDS} s …`);
    catalogue.follow(1_000);
    let meter = await cpuMeter(api);
    const express = await expressBets(base, catalogue, tokens);
    const expressCpu = await meter(express.count, 'bet');
    catalogue.stop();

    console.log(`In-house: the same ${PLAYERS} players, POST /dice/bet, for ${SECONDS} s …`);
    meter = await cpuMeter(api);
    const dice = await diceBets(base, tokens);
    const diceCpu = await meter(dice.count, 'bet');

    const { ids, outcomes } = await slipEvents(base);
    const watch = new SlipWatch();
    for (const own of outcomes) for (const id of own) watch.moved.add(id);
    const url = `${base.replace(/^http/, 'ws')}/socket?topics=${ids.map((id) => `sports:${id}`).join(',')}`;
    console.log(
      `Odds: ${watch.moved.size} outcomes of ${ids.length} upcoming events moved by ${DRIVERS} calls at a time; ${BASELINE_SLIPS} slips for ${BASELINE_SECONDS} s, then ${SLIPS} for ${SECONDS} s …`,
    );
    const baseline = await slipRun(api, url, outcomes, BASELINE_SLIPS, BASELINE_SECONDS, watch);
    const loaded = await slipRun(api, url, outcomes, SLIPS, SECONDS, watch);
    const memory = await api.memory();

    const problems = await ledgerInvariantViolations(db);

    console.log('');
    console.log(`Express bets of ${LEGS} legs, ${PLAYERS} players, stake RUB ${STAKE}, accept any odds:`);
    console.log(
      `  taken:                     ${express.count} in ${express.elapsed.toFixed(1)} s: ${perSecond(express.count, express.elapsed)} bets/s`,
    );
    console.log(latencyLine('  POST /sports/bets', express.latencies));
    console.log(
      `  refused, picked again:     ${listed(express.refused)}${express.refusedLatencies.length ? ` (${latencyLine('', express.refusedLatencies).trim()})` : ''}`,
    );
    console.log(`  other failures:            ${listed(express.failures)}`);
    for (const [key, body] of express.samples) console.log(`    e.g. ${key}: ${body}`);
    console.log(`  ${expressCpu}; the event list read ${catalogue.reads} times`);
    console.log(`Beside it, in-house dice bets, the same ${PLAYERS} players:`);
    console.log(
      `  taken:                     ${dice.count} in ${dice.elapsed.toFixed(1)} s: ${perSecond(dice.count, dice.elapsed)} bets/s`,
    );
    console.log(latencyLine('  POST /dice/bet', dice.latencies));
    console.log(`  failures:                  ${listed(dice.failures)}`);
    console.log(`  ${diceCpu}`);
    const ratio = dice.count > 0 ? express.count / express.elapsed / (dice.count / dice.elapsed) : 0;
    console.log(`  express bets/s ÷ dice bets/s: ${ratio.toFixed(2)}`);
    console.log('');
    console.log(`Odds updates to slips following the same ${ids.length} events (sports:<id>):`);
    for (const line of slipReport(baseline)) console.log(line);
    for (const line of slipReport(loaded)) console.log(line);
    console.log(`  API process at the end: RSS ${mb(memory.rss)}, heap ${mb(memory.heapUsed)}`);
    console.log('');
    console.log(
      `Ledger:                      ${problems.length === 0 ? 'invariants hold' : problems.join('; ')}`,
    );

    console.log('');
    console.log(`${'summary'.padEnd(36)}${'value'.padStart(22)}   beside`);
    const row = (name: string, value: string, beside: string) =>
      console.log(`${name.padEnd(36)}${value.padStart(22)}   ${beside}`);
    row(
      `express bets (${LEGS} legs, ${PLAYERS} players)`,
      `${perSecond(express.count, express.elapsed)}/s`,
      `dice ${perSecond(dice.count, dice.elapsed)}/s (× ${ratio.toFixed(2)})`,
    );
    const expressSorted = [...express.latencies].sort((a, b) => a - b);
    const diceSorted = [...dice.latencies].sort((a, b) => a - b);
    row(
      '  p50 / p99',
      `${ms(percentile(expressSorted, 50))} / ${ms(percentile(expressSorted, 99))}`,
      `dice ${ms(percentile(diceSorted, 50))} / ${ms(percentile(diceSorted, 99))}`,
    );
    row(
      '  refused (suspended / odds moved)',
      String(express.refusedLatencies.length),
      `of ${express.count + express.refusedLatencies.length} sent`,
    );
    row(
      `odds updates sent (${SLIPS} slips)`,
      `${perSecond(loaded.drive.answered, loaded.drive.elapsed)}/s`,
      `${BASELINE_SLIPS} slips: ${perSecond(baseline.drive.answered, baseline.drive.elapsed)}/s`,
    );
    row(
      '  messages delivered',
      `${perSecond(loaded.drive.eventsInWindow, loaded.drive.elapsed)}/s`,
      `${BASELINE_SLIPS} slips: ${perSecond(baseline.drive.eventsInWindow, baseline.drive.elapsed)}/s`,
    );
    const share = (run: SlipRun) =>
      `${(run.expected === 0 ? 0 : (run.matched / run.expected) * 100).toFixed(2)} %`;
    row(
      '  expected deliveries received',
      share(loaded),
      `100 % (${BASELINE_SLIPS} slips: ${share(baseline)})`,
    );
    row(
      '  delivery lag p50 / p99',
      `${ms(loaded.lags.percentile(50))} / ${ms(loaded.lags.percentile(99))}`,
      `${BASELINE_SLIPS} slips: ${ms(baseline.lags.percentile(50))} / ${ms(baseline.lags.percentile(99))}`,
    );
    row('  slips dropped by the server', String(SLIPS - loaded.kept), '0');
    row('ledger invariants', problems.length === 0 ? 'hold' : 'VIOLATED', '');

    if (
      problems.length > 0 ||
      express.failures.size > 0 ||
      dice.failures.size > 0 ||
      loaded.kept < SLIPS ||
      loaded.drive.failures.size > 0 ||
      loaded.matched < loaded.expected
    )
      process.exitCode = 1;
  } finally {
    catalogue.stop();
    closeSlips(allSlips);
    agent.destroy();
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
