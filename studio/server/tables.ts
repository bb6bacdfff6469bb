/**
 * The live-style tables (studio-roulette, studio-baccarat): one shared round per table on a schedule.
 *
 * - betting (STUDIO_TABLE_BETTING_MS): the round's server seed hash is published; each seated player
 *   places their bets once, sent to the wallet as one bet per player and round;
 * - drawing (as long as the result is shown): the outcome is drawn with `drawRound` from the table's
 *   seeds (server seed, the table's client seed, the round number as nonce) and shown to every player;
 * - result (STUDIO_TABLE_RESULT_MS): every accepted bet is settled on that outcome and its win (or the
 *   round-closing zero win) sent through the outbox; the server seed is revealed; then the next round.
 *
 * Each table's round is saved at every step. A win's transaction uuid is derived from its bet's, so a
 * settlement redone after a restart cannot pay twice.
 */
import { randomBytes } from 'node:crypto';
import { newServerSeed, sha256Hex } from '@/lib/fair/random';
import {
  assertBaccaratBets,
  drawBaccaratRound,
  settleBaccarat,
  type BaccaratBet,
  type BaccaratRound,
} from '../games/baccarat';
import { StudioBetError } from '../games/game';
import {
  assertRouletteBets,
  drawRouletteRound,
  settleRoulette,
  type RouletteRound,
  type StudioRouletteBet,
} from '../games/roulette';
import type { Launch } from './launches';
import { CURRENCY_SCALE } from './money';
import type { KeyedMutex } from './mutex';
import { PlayError } from './play-error';
import { playerKey } from './slots';
import type { Stakes } from './stakes';
import type { Store } from './store';

export const TABLE_CODES = ['studio-roulette', 'studio-baccarat'] as const;
export type TableCode = (typeof TABLE_CODES)[number];
export type TablePhase = 'betting' | 'drawing' | 'result';
type AnyBet = StudioRouletteBet | BaccaratBet;
type AnyRound = RouletteRound | BaccaratRound;

const LAST_RESULTS = 10;
/** A player counts as seated while their page polled the table within this time. */
const SEATED_MS = 5_000;
const TICK_MS = 100;

export interface TableSeat {
  launchId: string;
  bets: AnyBet[];
  stakeMinor: bigint;
  betUuid: string | null;
  status: 'placing' | 'accepted' | 'settled';
  winMinor: bigint | null;
}

export interface TableRecord {
  code: TableCode;
  round: number;
  roundId: string;
  phase: TablePhase;
  endsAt: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  result: AnyRound | null;
  lastResults: string[];
  revealed: { round: number; serverSeed: string; serverSeedHash: string; clientSeed: string } | null;
  seats: Record<string, TableSeat>;
}

const RULES: Record<
  TableCode,
  {
    assert: (bets: AnyBet[]) => void;
    draw: (seeds: { serverSeed: string; clientSeed: string; nonce: number }) => AnyRound;
    settle: (round: AnyRound, bets: AnyBet[]) => { winMinor: bigint };
    label: (round: AnyRound) => string;
  }
> = {
  'studio-roulette': {
    assert: (bets) => assertRouletteBets(bets as StudioRouletteBet[]),
    draw: drawRouletteRound,
    settle: (round, bets) => settleRoulette(round as RouletteRound, bets as StudioRouletteBet[]),
    label: (round) => String((round as RouletteRound).pocket),
  },
  'studio-baccarat': {
    assert: (bets) => assertBaccaratBets(bets as BaccaratBet[]),
    draw: drawBaccaratRound,
    settle: (round, bets) => settleBaccarat(round as BaccaratRound, bets as BaccaratBet[]),
    label: (round) => (round as BaccaratRound).winner,
  },
};

/** The wallet's `bet` field (at most 200 characters): each bet as `type[ numbers or value]:amount`. */
const BET_FIELD_MAX = 200;
function describe(bets: readonly AnyBet[]): string {
  const text = bets
    .map((bet) => {
      const where =
        'numbers' in bet
          ? ` ${bet.numbers.join('-')}`
          : 'value' in bet && bet.value !== undefined
            ? ` ${bet.value}`
            : '';
      return `${bet.type}${where}:${bet.amountMinor}`;
    })
    .join(',');
  return text.length <= BET_FIELD_MAX ? text : `${text.slice(0, BET_FIELD_MAX - 1)}…`;
}

export const isTable = (code: string): code is TableCode => (TABLE_CODES as readonly string[]).includes(code);

export function tables(deps: {
  store: Store;
  stakes: Stakes;
  mutex: KeyedMutex;
  bettingMs: number;
  resultMs: number;
  launchOf: (id: string) => Launch | null;
  log: (message: string) => void;
  now?: () => number;
}) {
  const { store, stakes, mutex, bettingMs, resultMs, launchOf, log } = deps;
  const now = deps.now ?? Date.now;
  const records = store.state.tables;
  const seen = new Map<string, Map<string, number>>(TABLE_CODES.map((code) => [code, new Map()]));
  const placing = new Map<string, Promise<unknown>>();
  const busy = new Set<TableCode>();

  const freshRound = (code: TableCode, round: number, previous: TableRecord | null): TableRecord => {
    const serverSeed = newServerSeed();
    return {
      code,
      round,
      roundId: `${code}-${round}-${randomBytes(4).toString('hex')}`,
      phase: 'betting',
      endsAt: now() + bettingMs,
      serverSeed,
      serverSeedHash: sha256Hex(serverSeed),
      clientSeed: previous?.clientSeed ?? `aurum-${code}`,
      result: null,
      lastResults: previous?.lastResults ?? [],
      revealed: previous?.revealed ?? null,
      seats: {},
    };
  };

  for (const code of TABLE_CODES) {
    records[code] ??= freshRound(code, 1, null);
    // Bets in flight when the studio stopped were rolled back by the outbox: they are not in the round.
    for (const [id, seat] of Object.entries(records[code].seats))
      if (seat.status === 'placing') delete records[code].seats[id];
  }
  store.save();

  async function settle(record: TableRecord): Promise<void> {
    await Promise.all(
      Object.keys(record.seats)
        .map((id) => placing.get(`${record.code}|${id}`))
        .filter(Boolean),
    );
    const result = record.result!;
    for (const seat of Object.values(record.seats)) {
      if (seat.status !== 'accepted' || !seat.betUuid) continue;
      const launch = launchOf(seat.launchId);
      if (!launch) continue;
      const { winMinor } = RULES[record.code].settle(result, seat.bets);
      seat.winMinor = winMinor;
      seat.status = 'settled';
      store.save();
      await stakes.pay(launch, {
        round: record.roundId,
        gameCode: record.code,
        betUuid: seat.betUuid,
        amountMinor: winMinor,
        roundClosed: true,
        transactionUuid: `${seat.betUuid}-win`,
      });
    }
  }

  async function advance(record: TableRecord): Promise<void> {
    if (record.phase === 'betting') {
      record.result = RULES[record.code].draw({
        serverSeed: record.serverSeed,
        clientSeed: record.clientSeed,
        nonce: record.round,
      });
      record.phase = 'drawing';
      record.endsAt = now() + resultMs;
    } else if (record.phase === 'drawing') {
      await settle(record);
      record.lastResults = [RULES[record.code].label(record.result!), ...record.lastResults].slice(
        0,
        LAST_RESULTS,
      );
      record.revealed = {
        round: record.round,
        serverSeed: record.serverSeed,
        serverSeedHash: record.serverSeedHash,
        clientSeed: record.clientSeed,
      };
      record.phase = 'result';
      record.endsAt = now() + resultMs;
    } else {
      records[record.code] = freshRound(record.code, record.round + 1, record);
    }
    store.save();
  }

  const timer = setInterval(() => {
    for (const code of TABLE_CODES) {
      const record = records[code];
      if (busy.has(code) || now() < record.endsAt) continue;
      busy.add(code);
      advance(record)
        .catch((error: unknown) => log(`table ${code}: ${String(error)}`))
        .finally(() => busy.delete(code));
    }
  }, TICK_MS);
  timer.unref();

  const seated = (code: TableCode) => {
    const cutoff = now() - SEATED_MS;
    const map = seen.get(code)!;
    for (const [id, at] of map) if (at < cutoff) map.delete(id);
    return map.size;
  };

  return {
    /** The lobby's view of every table (the `game/tables` call). */
    lobby() {
      return TABLE_CODES.map((code) => {
        const record = records[code];
        return {
          game_code: code,
          round_id: record.roundId,
          phase: record.phase,
          ends_at: new Date(record.endsAt).toISOString(),
          players: seated(code),
          last_results: record.lastResults,
        };
      });
    },

    /** What the launch's page shows of its table (the page polls it: that keeps the player seated). */
    view(launch: Launch) {
      const code = launch.gameCode as TableCode;
      seen.get(code)!.set(launch.id, now());
      const record = records[code];
      const seat = record.seats[launch.id] ?? null;
      return {
        code,
        round: record.round,
        roundId: record.roundId,
        phase: record.phase,
        endsAt: record.endsAt,
        now: now(),
        players: seated(code),
        lastResults: record.lastResults,
        serverSeedHash: record.serverSeedHash,
        clientSeed: record.clientSeed,
        revealed: record.revealed,
        result: record.phase === 'betting' ? null : record.result,
        mine: seat
          ? { bets: seat.bets, stakeMinor: seat.stakeMinor, status: seat.status, winMinor: seat.winMinor }
          : null,
      };
    },

    /** The launch's bets for the current round (real amounts in minor units), once per round. */
    bet(launch: Launch, bets: AnyBet[]): Promise<{ balanceMinor: bigint }> {
      const code = launch.gameCode as TableCode;
      return mutex(playerKey(launch), async () => {
        const record = records[code];
        if (record.phase !== 'betting' || now() >= record.endsAt) throw new PlayError('betting-closed');
        if (record.seats[launch.id]) throw new PlayError('already-bet');
        const scale = CURRENCY_SCALE[launch.currency];
        if (bets.length === 0 || bets.some((bet) => bet.amountMinor % scale !== 0n)) {
          throw new PlayError('bad-bet');
        }
        try {
          RULES[code].assert(bets.map((bet) => ({ ...bet, amountMinor: bet.amountMinor / scale })));
        } catch (error) {
          if (error instanceof StudioBetError) throw new PlayError('bad-bet', null, error.message);
          throw error;
        }
        const stakeMinor = bets.reduce((acc, bet) => acc + bet.amountMinor, 0n);
        const seat: TableSeat = {
          launchId: launch.id,
          bets,
          stakeMinor,
          betUuid: null,
          status: 'placing',
          winMinor: null,
        };
        record.seats[launch.id] = seat;
        store.save();
        const key = `${code}|${launch.id}`;
        const staking = stakes.stake(launch, {
          round: record.roundId,
          gameCode: code,
          amountMinor: stakeMinor,
          description: describe(bets),
        });
        placing.set(
          key,
          staking.catch(() => undefined),
        );
        try {
          const { betUuid, balanceMinor } = await staking;
          seat.betUuid = betUuid;
          seat.status = 'accepted';
          stakes.played(betUuid);
          store.save();
          return { balanceMinor };
        } catch (error) {
          delete record.seats[launch.id];
          store.save();
          throw error;
        } finally {
          placing.delete(key);
        }
      });
    },

    close: () => clearInterval(timer),
  };
}
export type Tables = ReturnType<typeof tables>;
