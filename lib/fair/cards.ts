/**
 * The hilo deck: 52 cards ordered ♦2 ♥2 ♠2 ♣2 ♦3 ♥3 … ♣A (rank 2–14, 11 J, 12 Q, 13 K, 14 A). A card is
 * `CARDS[⌊f × 52⌋]` from an infinite deck (every card is drawn with a fresh float).
 */

export const SUITS = ['diamonds', 'hearts', 'spades', 'clubs'] as const;
export type Suit = (typeof SUITS)[number];

export interface FairCard {
  index: number;
  rank: number;
  suit: Suit;
}

export const CARDS: readonly FairCard[] = Array.from({ length: 52 }, (_, index) => ({
  index,
  rank: 2 + Math.floor(index / 4),
  suit: SUITS[index % 4],
}));

export const RANK_COUNT = 13;
export const MIN_RANK = 2;
export const MAX_RANK = 14;
