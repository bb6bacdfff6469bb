/**
 * The top page's reply (lib/contracts/top.ts), checked without zod: it is a public first screen
 * (lib/api/check.ts says why). replies.test.ts proves it accepts and refuses what the contract's zod schema
 * does.
 */
import {
  array,
  int,
  nullable,
  number,
  object,
  oneOf,
  ResponseShapeError,
  string,
  type Check,
} from '@/lib/api/check';
import { CURRENCIES } from '@/lib/constants/currencies';
import type { TopReply, TopRow } from '@/lib/contracts/top';
import { BOARDS, PERIODS } from '../constants';

export type { TopReply, TopRow } from '@/lib/contracts/top';

const place: Check<number> = (value, path = '') => {
  const n = int(value, path);
  if (n <= 0) throw new ResponseShapeError(path, 'a positive integer');
  return n;
};

export const topRow: Check<TopRow> = object({
  place,
  player: nullable(string),
  avatar: nullable(string),
  game: nullable(string),
  currency: oneOf(CURRENCIES),
  amount: number,
  payout: nullable(number),
  multiplier: nullable(number),
  at: nullable(string),
});

export const topReply: Check<TopReply> = object({
  board: oneOf(BOARDS),
  period: oneOf(PERIODS),
  rows: array(topRow),
});
