/** How cards are written for players (hilo and the fairness panel). */

/** Card ranks as players read them: 2–10, J, Q, K, A. */
export function rankLabel(rank: number): string {
  if (rank <= 10) return String(rank);
  return ['J', 'Q', 'K', 'A'][rank - 11] ?? String(rank);
}

export const SUIT_SYMBOL = { diamonds: '♦', hearts: '♥', spades: '♠', clubs: '♣' } as const;

/** `A♠`, `10♥`. */
export function cardLabel(card: { rank: number; suit: keyof typeof SUIT_SYMBOL }): string {
  return `${rankLabel(card.rank)}${SUIT_SYMBOL[card.suit]}`;
}

export const isRedSuit = (suit: keyof typeof SUIT_SYMBOL) => suit === 'diamonds' || suit === 'hearts';
