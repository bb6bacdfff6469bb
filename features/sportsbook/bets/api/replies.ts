/**
 * The sportsbook's bet replies (lib/contracts/sports.ts), checked without zod: the slip and the bet lists
 * sit beside every /betting page, and zod would load with them (lib/api/check.ts says why). Each check is
 * typed by the contract's type, and replies.test.ts proves each accepts and refuses what the contract's
 * zod schema does.
 */
import { array, int, nullable, number, object, oneOf, string, type Check } from '@/lib/api/check';
import { CURRENCIES } from '@/lib/constants/currencies';
import {
  BET_KINDS,
  BET_STATUSES,
  MARKET_KEYS,
  OUTCOME_CODES,
  OUTCOME_RESULTS,
  SPORTS,
} from '@/lib/constants/sports';
import type {
  SportBet,
  SportBetLeg,
  SportBetReply,
  SportBetsReply,
  SportsLimitsReply,
} from '@/lib/contracts/sports';

export type { SportBet, SportBetLeg, SportBetReply, SportsLimitsReply } from '@/lib/contracts/sports';

export const sportBetLeg: Check<SportBetLeg> = object({
  outcome_id: string,
  event_id: string,
  sport: oneOf(SPORTS),
  league: string,
  home: string,
  away: string,
  starts_at: string,
  market_key: oneOf(MARKET_KEYS),
  period: nullable(int),
  line: nullable(number),
  code: oneOf(OUTCOME_CODES),
  odds: number,
  result: nullable(oneOf(OUTCOME_RESULTS)),
});

export const sportBet: Check<SportBet> = object({
  id: int,
  kind: oneOf(BET_KINDS),
  system_k: nullable(int),
  currency: oneOf(CURRENCIES),
  stake: number,
  odds: nullable(number),
  potential_payout: number,
  status: oneOf(BET_STATUSES),
  payout: nullable(number),
  cashout: nullable(number),
  created_at: string,
  settled_at: nullable(string),
  legs: array(sportBetLeg),
});

export const sportBetReply: Check<SportBetReply> = object({ bet: sportBet, balance: number });

export const sportBetsReply: Check<SportBetsReply> = object({ items: array(sportBet) });

export const sportsLimitsReply: Check<SportsLimitsReply> = object({
  currency: oneOf(CURRENCIES),
  min_stake: number,
  max_stake: number,
  max_payout: number,
  max_event_stake: number,
  max_event_payout: number,
  cashout_margin_percent: number,
});
