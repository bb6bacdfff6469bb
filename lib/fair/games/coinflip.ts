import { floats, type Seeds } from '../random';

/** Coinflip: `⌊f × 2⌋`, 0 heads, 1 tails. A win pays 0.99 / 0.5 = 1.98×. */

export const COINFLIP_RTP = 0.99;
export const COINFLIP_SIDES = ['heads', 'tails'] as const;
export type CoinSide = (typeof COINFLIP_SIDES)[number];
export const COINFLIP_MULTIPLIER = 1.98;

export function coinflipResult(seeds: Seeds): CoinSide {
  return COINFLIP_SIDES[Math.floor(floats(seeds, 1)[0] * 2)];
}
