/**
 * The slip's arithmetic and rules, pure (tested in slip-math.test.ts): which kinds the selections allow,
 * the system sizes, the total odds and the potential payout (through lib/sports/odds.ts, exact and
 * rounded down to the cent as the server pays), the odds moves the player has to accept, and the server's
 * `odds_changed` entries read back.
 */
import { MAX_LEGS, SYSTEM_MAX_LEGS, type OddsAcceptMode, type SportBetKind } from '@/lib/constants/sports';
import { fromMinorUnits, parseAmount, toMinorUnits } from '@/lib/money';
import { combinationCount, oddsToMilli, potentialPayoutMinor, totalOddsMilli } from '@/lib/sports/odds';
import type { SlipSelection } from './slip-store';

/** Whether a kind can be placed with `count` selections (one per event, which the store keeps). */
export function kindAllowed(kind: SportBetKind, count: number): boolean {
  if (kind === 'single') return count >= 1;
  if (kind === 'express') return count >= 2 && count <= MAX_LEGS;
  return count >= 3 && count <= SYSTEM_MAX_LEGS;
}

/** The kind the slip places: the chosen one when the selections allow it, else the nearest that fits. */
export function effectiveKind(kind: SportBetKind, count: number): SportBetKind {
  if (kindAllowed(kind, count)) return kind;
  if (kind === 'system' && kindAllowed('express', count)) return 'express';
  return 'single';
}

/** The system sizes of n selections: k from 2 to n − 1, each with its C(n, k) accumulators. */
export function systemOptions(count: number): { k: number; combinations: number }[] {
  if (count < 3) return [];
  return Array.from({ length: count - 2 }, (_, i) => ({
    k: i + 2,
    combinations: combinationCount(count, i + 2),
  }));
}

/** The chosen k kept within 2..n − 1. */
export function effectiveSystemK(k: number, count: number): number {
  return Math.min(Math.max(2, Math.floor(k) || 2), Math.max(2, count - 1));
}

export interface SlipQuote {
  kind: SportBetKind;
  systemK: number | null;
  /** How many bets Place bet sends: one per selection for singles, else one. */
  bets: number;
  /** An express's product of odds, a single's odds; null for several singles and for a system. */
  totalOdds: number | null;
  /** A system's number of accumulators. */
  combinations: number | null;
  /** The stake of one bet in major units, null when the text is not a positive amount. */
  stake: number | null;
  /** What all bets together cost and pay if every selection wins, in major units (0 without a stake). */
  totalStake: number;
  potentialPayout: number;
  /** The largest potential payout of one of the bets (each single's own), for the payout limit. */
  largestPayout: number;
}

const minorOf = (stake: number | null): bigint => (stake === null ? 0n : BigInt(toMinorUnits(stake)));
const major = (minor: bigint): number => fromMinorUnits(Number(minor));

/** The bet the slip would place now, and its potential payout, with the odds the selections show. */
export function quoteSlip(
  selections: readonly Pick<SlipSelection, 'odds'>[],
  chosenKind: SportBetKind,
  chosenK: number,
  stakeText: string,
): SlipQuote {
  const count = selections.length;
  const kind = effectiveKind(chosenKind, count);
  const parsed = parseAmount(stakeText);
  const stake = parsed !== null && parsed > 0 ? parsed : null;
  const stakeMinor = minorOf(stake);
  const odds = selections.map((s) => oddsToMilli(s.odds));
  if (count === 0) {
    return {
      kind,
      systemK: null,
      bets: 0,
      totalOdds: null,
      combinations: null,
      stake,
      totalStake: 0,
      potentialPayout: 0,
      largestPayout: 0,
    };
  }
  if (kind === 'single') {
    const payouts = odds.map((o) => potentialPayoutMinor({ kind, stakeMinor, oddsMilli: [o] }));
    return {
      kind,
      systemK: null,
      bets: count,
      totalOdds: count === 1 ? odds[0] / 1000 : null,
      combinations: null,
      stake,
      totalStake: major(stakeMinor * BigInt(count)),
      potentialPayout: major(payouts.reduce((a, b) => a + b, 0n)),
      largestPayout: major(payouts.reduce((a, b) => (b > a ? b : a), 0n)),
    };
  }
  const systemK = kind === 'system' ? effectiveSystemK(chosenK, count) : null;
  const payout = potentialPayoutMinor({ kind, systemK, stakeMinor, oddsMilli: odds });
  return {
    kind,
    systemK,
    bets: 1,
    totalOdds: kind === 'express' ? totalOddsMilli(odds) / 1000 : null,
    combinations: systemK === null ? null : combinationCount(count, systemK),
    stake,
    totalStake: major(stakeMinor),
    potentialPayout: major(payout),
    largestPayout: major(payout),
  };
}

/** How a selection's odds moved since it was added or last accepted. */
export function oddsMove(selection: Pick<SlipSelection, 'odds' | 'addedOdds'>): 'up' | 'down' | null {
  if (selection.odds > selection.addedOdds) return 'up';
  if (selection.odds < selection.addedOdds) return 'down';
  return null;
}

/** Whether the accept choice lets the bet go with this selection's move, or the player must accept it. */
export function moveAccepted(selection: Pick<SlipSelection, 'odds' | 'addedOdds'>, accept: OddsAcceptMode) {
  const move = oddsMove(selection);
  if (move === null || accept === 'any') return true;
  return accept === 'higher' && move === 'up';
}

/**
 * The odds of a refused bet's `errors.odds`: entries `"<outcome id>: <odds now>"`. An outcome id has
 * colons of its own (`<event>:<market>:<code>`), so the odds are what follows the last one.
 */
export function parseOddsEntries(
  entries: readonly string[] | string | null | undefined,
): Record<string, number> {
  const list = entries == null ? [] : typeof entries === 'string' ? [entries] : entries;
  const odds: Record<string, number> = {};
  for (const entry of list) {
    const match = /^(.+):\s*(\d+(?:\.\d+)?)\s*$/.exec(entry);
    if (match) odds[match[1].trim()] = Number(match[2]);
  }
  return odds;
}
