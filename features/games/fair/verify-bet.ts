import type { Bet, FairGame } from '@/lib/contracts/games';
import { MINER_MAX_MINES, MINER_MIN_MINES } from '@/lib/fair/games/miner';
import type { Seeds } from '@/lib/fair/random';
import { recompute, seedMatchesHash, type VerifiedOutcome, type VerifyInput } from '@/lib/fair/verify';

/**
 * Verifies a bet in the browser with `lib/fair` (the same code the server decides outcomes with): the
 * revealed server seed must hash to the committed `server_seed_hash`, and the outcome recomputed from the
 * bet's seeds must equal the stored one. Pure, so it is tested apart from the panel.
 */

/** Games a hand-typed verification needs more than the seeds for. */
export const HILO_MAX_CARDS = 100;

export type OutcomeCheck =
  /** Recomputed and equal to the stored outcome. */
  | 'match'
  /** Recomputed and different from the stored outcome. */
  | 'mismatch'
  /** The stored outcome does not tell it yet (a miner round still open hides its mines). */
  | 'incomplete';

export interface BetVerification {
  /** Does the revealed server seed hash to the committed value? */
  hashMatches: boolean;
  recomputed: VerifiedOutcome;
  /** The stored outcome in the same shape, or null while it hides it (an open miner round). */
  stored: VerifiedOutcome | null;
  outcome: OutcomeCheck;
}

/** What `recompute` needs besides the seeds, read from a stored bet. */
export function verifyInputOf(bet: Bet): VerifyInput {
  switch (bet.game) {
    case 'miner':
      return { game: 'miner', mines: bet.outcome.mines_count };
    case 'hilo':
      return { game: 'hilo', cards: bet.outcome.cards.length };
    case 'cases':
      return {
        game: 'cases',
        table: bet.outcome.table.map((item) => ({ id: item.id, from: item.range[0], to: item.range[1] })),
      };
    default:
      return { game: bet.game };
  }
}

/** The stored outcome in the shape `recompute` answers, or null when the bet does not show it yet. */
export function storedOutcomeOf(bet: Bet): VerifiedOutcome | null {
  switch (bet.game) {
    case 'dice':
      return { game: 'dice', roll: bet.outcome.roll };
    case 'coinflip':
      return { game: 'coinflip', result: bet.outcome.result };
    case 'roulette':
      return { game: 'roulette', pocket: bet.outcome.pocket, color: bet.outcome.color };
    case 'keno':
      return { game: 'keno', hits: [...bet.outcome.hits] };
    case 'miner':
      return bet.outcome.mines ? { game: 'miner', mines: [...bet.outcome.mines] } : null;
    case 'hilo':
      return {
        game: 'hilo',
        cards: bet.outcome.cards.map(({ index, rank, suit }) => ({ index, rank, suit })),
      };
    case 'cases':
      return { game: 'cases', roll: bet.outcome.roll, itemId: bet.outcome.item.id };
  }
}

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);
const sorted = (list: readonly number[]) => [...list].sort((x, y) => x - y);

/**
 * Equal outcomes. Keno hits are compared in draw order; miner mines as a set (a server may list them
 * sorted); hilo cards by their deck positions.
 */
export function outcomesEqual(a: VerifiedOutcome, b: VerifiedOutcome): boolean {
  switch (a.game) {
    case 'dice':
      return b.game === 'dice' && a.roll === b.roll;
    case 'coinflip':
      return b.game === 'coinflip' && a.result === b.result;
    case 'roulette':
      return b.game === 'roulette' && a.pocket === b.pocket && a.color === b.color;
    case 'keno':
      return b.game === 'keno' && sameList(a.hits, b.hits);
    case 'miner':
      return b.game === 'miner' && sameList(sorted(a.mines), sorted(b.mines));
    case 'hilo':
      return (
        b.game === 'hilo' &&
        sameList(
          a.cards.map((c) => c.index),
          b.cards.map((c) => c.index),
        )
      );
    case 'cases':
      return b.game === 'cases' && a.roll === b.roll && a.itemId === b.itemId;
  }
}

/** Verifies a stored bet against its revealed server seed. */
export function verifyBet(bet: Bet, serverSeed: string): BetVerification {
  const seeds: Seeds = { serverSeed, clientSeed: bet.client_seed, nonce: bet.nonce };
  const recomputed = recompute(seeds, verifyInputOf(bet));
  const stored = storedOutcomeOf(bet);
  return {
    hashMatches: seedMatchesHash(serverSeed, bet.server_seed_hash),
    recomputed,
    stored,
    outcome: stored === null ? 'incomplete' : outcomesEqual(recomputed, stored) ? 'match' : 'mismatch',
  };
}

/** A hand-typed verification: the game and what it needs besides the seeds. */
export interface ManualParams {
  game: FairGame;
  /** Miner: mines in the round (1–24). */
  mines: number;
  /** Hilo: cards dealt in the round, the start card included. */
  cards: number;
}

/**
 * The `recompute` input of a hand-typed verification, or null when a parameter is out of range. Cases
 * by hand give the roll only (the case's range table names the item: `itemId` is then 0).
 */
export function manualVerifyInput(params: ManualParams): VerifyInput | null {
  switch (params.game) {
    case 'miner':
      return Number.isInteger(params.mines) &&
        params.mines >= MINER_MIN_MINES &&
        params.mines <= MINER_MAX_MINES
        ? { game: 'miner', mines: params.mines }
        : null;
    case 'hilo':
      return Number.isInteger(params.cards) && params.cards >= 1 && params.cards <= HILO_MAX_CARDS
        ? { game: 'hilo', cards: params.cards }
        : null;
    case 'cases':
      return { game: 'cases', table: [{ id: 0, from: 1, to: 100_000 }] };
    default:
      return { game: params.game };
  }
}
