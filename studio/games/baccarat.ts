import { CARDS, type FairCard } from '@/lib/fair/cards';
import { payoutMinor } from '@/lib/fair/multiplier';
import { drawFromPool, type Seeds } from '@/lib/fair/random';
import { add, frac, mul, type Fraction } from './fraction';
import { StudioBetError, type BetLimits, type TableGame } from './game';

/**
 * STUDIO BACCARAT: punto banco from an 8-deck shoe, dealt as a live table with shared rounds.
 *
 * Rules. Every coup is dealt from a full 8-deck shoe (416 cards). Cards count 2–9 at face value, 10 and
 * faces 0, aces 1; a hand's total is the sum mod 10. Player gets cards 1 and 3, Banker 2 and 4. A two-card
 * 8 or 9 on either side is a natural and both stand. Otherwise Player draws on 0–5 and stands on 6–7.
 * If Player stood, Banker draws on 0–5. If Player drew a third card x, Banker draws on 0–2; on 3 unless
 * x = 8; on 4 if x is 2–7; on 5 if x is 4–7; on 6 if x is 6–7; stands on 7. The higher total wins.
 * Bets and pays (stake included): Player 2×; Banker 1.95× (5 % commission on the win); on a tie both
 * push (1×). Tie 9× (8 to 1). Player pair and Banker pair (the side's first two cards of one rank) 12×
 * (11 to 1), settled on their own.
 *
 * Fairness. The coup's six possible cards are `drawFromPool(seeds, SHOE, 6)` of lib/fair: card k is
 * taken from the cards still in the shoe at `⌊f_k × remaining⌋` with float k of the round's stream, the
 * shoe listing its 8 decks of lib/fair's CARDS one after the other; cards 5 and 6 are used only when the
 * tableau asks for them. A shared round's seeds are the table's seeds with the round number as nonce.
 * Each coup starts from a full shoe, so no coup depends on another (nothing to count).
 *
 * RTP, exact by enumeration ({@link baccaratOdds}): every sequence of six card values (0–9) with its
 * probability of being dealt from the full shoe without replacement, Π (cards of that value left) /
 * (cards left), summed as integers over 416·415·414·413·412·411 after {@link baccaratCoup} — the game's
 * own tableau — settles it (the values of cards not drawn add up to 1 in each sequence, so summing over
 * all six is exact). Pairs by enumeration of a side's two cards' ranks. Player 98.7649 %, Banker
 * 98.9421 %, Tie 85.6404 %, pairs 89.6386 %: the published figures of 8-deck punto banco.
 * (Under the 32-bit floats a draw of ⌊f × remaining⌋ differs from 1/remaining by less than 2⁻³², as the
 * house roulette's ⌊f × 37⌋ does.)
 */

export type BaccaratBetType = 'player' | 'banker' | 'tie' | 'player-pair' | 'banker-pair';
export type BaccaratWinner = 'player' | 'banker' | 'tie';

export interface BaccaratBet {
  type: BaccaratBetType;
  amountMinor: bigint;
}

export const BACCARAT_DECKS = 8;

/** The shoe: 8 decks of lib/fair's CARDS, one after the other. */
export const BACCARAT_SHOE: readonly FairCard[] = Array.from({ length: BACCARAT_DECKS }, () => CARDS).flat();

/** Multipliers in 1/10 000ths of the stake (stake included). */
export const BACCARAT_PAYS = {
  player: 20_000n,
  banker: 19_500n,
  tie: 90_000n,
  push: 10_000n,
  pair: 120_000n,
} as const;

/** The exact RTP of each bet (see the header); the tests assert each equals the enumeration within 1e-9. */
export const BACCARAT_RTP: Readonly<Record<BaccaratBetType, number>> = {
  player: 19_283_843_717_413 / 19_524_993_263_685, // ≈ 0.9876491867108339
  banker: 10_732_465_128_097 / 10_847_218_479_825, // ≈ 0.989420942157528
  tie: 619_306_544_887 / 723_147_898_655, // ≈ 0.8564037122127617
  'player-pair': 372 / 415, // ≈ 0.8963855421686747
  'banker-pair': 372 / 415,
};

/** Betting window, dealing and result display of a shared round, in milliseconds. */
export const BACCARAT_TIMING = { bettingMs: 15_000, dealMs: 10_000, resultMs: 4_000 } as const;

export const BACCARAT_BET_LIMITS: { perBet: Record<BaccaratBetType, BetLimits>; roundMaxMinor: bigint } = {
  perBet: {
    player: { minMinor: 100n, maxMinor: 500_000n, stepMinor: 10n },
    banker: { minMinor: 100n, maxMinor: 500_000n, stepMinor: 10n },
    tie: { minMinor: 100n, maxMinor: 50_000n, stepMinor: 10n },
    'player-pair': { minMinor: 100n, maxMinor: 25_000n, stepMinor: 10n },
    'banker-pair': { minMinor: 100n, maxMinor: 25_000n, stepMinor: 10n },
  },
  roundMaxMinor: 1_000_000n,
};

/** A card's baccarat value: 2–9 at face, 10 and faces 0, ace 1 (lib/fair ranks: 11 J … 14 A). */
export function baccaratValue(card: FairCard): number {
  if (card.rank === 14) return 1;
  return card.rank >= 10 ? 0 : card.rank;
}

/** Does Banker, on `banker`, draw when Player drew a third card of value `third` (null: Player stood)? */
export function bankerDraws(banker: number, third: number | null): boolean {
  if (third === null) return banker <= 5;
  switch (banker) {
    case 0:
    case 1:
    case 2:
      return true;
    case 3:
      return third !== 8;
    case 4:
      return third >= 2 && third <= 7;
    case 5:
      return third >= 4 && third <= 7;
    case 6:
      return third === 6 || third === 7;
    default:
      return false;
  }
}

export interface Coup<T> {
  player: T[];
  banker: T[];
  playerTotal: number;
  bankerTotal: number;
  winner: BaccaratWinner;
  /** How many of the six cards the coup used (4–6). */
  used: number;
}

/** The coup dealt from `cards` in order (at least six), by the tableau of the header. */
export function baccaratCoup<T>(cards: readonly T[], valueOf: (card: T) => number): Coup<T> {
  const player = [cards[0], cards[2]];
  const banker = [cards[1], cards[3]];
  let next = 4;
  const total = (hand: T[]) => hand.reduce((acc, card) => acc + valueOf(card), 0) % 10;
  let playerTotal = total(player);
  let bankerTotal = total(banker);
  if (playerTotal < 8 && bankerTotal < 8) {
    let third: number | null = null;
    if (playerTotal <= 5) {
      player.push(cards[next]);
      third = valueOf(cards[next]);
      next += 1;
      playerTotal = total(player);
    }
    if (bankerDraws(bankerTotal, third)) {
      banker.push(cards[next]);
      next += 1;
      bankerTotal = total(banker);
    }
  }
  const winner: BaccaratWinner =
    playerTotal > bankerTotal ? 'player' : bankerTotal > playerTotal ? 'banker' : 'tie';
  return { player, banker, playerTotal, bankerTotal, winner, used: next };
}

export interface BaccaratRound extends Coup<FairCard> {
  playerPair: boolean;
  bankerPair: boolean;
}

/** The round's coup, the same for every player at the table. */
export function drawBaccaratRound(seeds: Seeds): BaccaratRound {
  const coup = baccaratCoup(drawFromPool(seeds, BACCARAT_SHOE, 6), baccaratValue);
  return {
    ...coup,
    playerPair: coup.player[0].rank === coup.player[1].rank,
    bankerPair: coup.banker[0].rank === coup.banker[1].rank,
  };
}

/** The multiplier (1/10 000ths, stake included) of a bet on a round; 0 when it loses. */
export function baccaratMultiplier(
  type: BaccaratBetType,
  round: Pick<BaccaratRound, 'winner' | 'playerPair' | 'bankerPair'>,
): bigint {
  switch (type) {
    case 'player':
      return round.winner === 'player'
        ? BACCARAT_PAYS.player
        : round.winner === 'tie'
          ? BACCARAT_PAYS.push
          : 0n;
    case 'banker':
      return round.winner === 'banker'
        ? BACCARAT_PAYS.banker
        : round.winner === 'tie'
          ? BACCARAT_PAYS.push
          : 0n;
    case 'tie':
      return round.winner === 'tie' ? BACCARAT_PAYS.tie : 0n;
    case 'player-pair':
      return round.playerPair ? BACCARAT_PAYS.pair : 0n;
    case 'banker-pair':
      return round.bankerPair ? BACCARAT_PAYS.pair : 0n;
  }
}

export interface BaccaratOdds {
  /** Weights over `total` (= 416·415·414·413·412·411) of each winner. */
  weights: Record<BaccaratWinner, number>;
  total: number;
  /** P(a side's first two cards are one rank). */
  pair: Fraction;
}

/** The exact odds of the coup from a full shoe (see the header). */
export function baccaratOdds(decks = BACCARAT_DECKS): BaccaratOdds {
  // Cards per value: value 0 is 10, J, Q, K (4 ranks), values 1–9 one rank each; 4 suits per deck.
  const left = Array.from({ length: 10 }, (_, value) => (value === 0 ? 16 : 4) * decks);
  const weights: Record<BaccaratWinner, number> = { player: 0, banker: 0, tie: 0 };
  const sequence: number[] = [];
  const visit = (depth: number, weight: number) => {
    if (depth === 6) {
      weights[baccaratCoup(sequence, (value) => value).winner] += weight;
      return;
    }
    for (let value = 0; value < 10; value += 1) {
      if (left[value] === 0) continue;
      const w = weight * left[value];
      left[value] -= 1;
      sequence[depth] = value;
      visit(depth + 1, w);
      left[value] += 1;
    }
  };
  visit(0, 1);
  let total = 1;
  for (let i = 0; i < 6; i += 1) total *= 52 * decks - i;
  if (!Number.isSafeInteger(total) || weights.player + weights.banker + weights.tie !== total) {
    throw new RangeError('The baccarat enumeration does not add up');
  }
  // The pair: the side's two cards are cards 1 and 3 (or 2 and 4); by symmetry, as the first two cards
  // drawn. 13 ranks × 13 ranks, each rank 4 × decks cards.
  const perRank = 4 * decks;
  let pairs = 0;
  let twoCards = 0;
  for (let first = 0; first < 13; first += 1) {
    for (let second = 0; second < 13; second += 1) {
      const weight = perRank * (first === second ? perRank - 1 : perRank);
      twoCards += weight;
      if (first === second) pairs += weight;
    }
  }
  return { weights, total, pair: frac(pairs, twoCards) };
}

/** The exact RTP of each bet from the odds. */
export function baccaratRtp(odds: BaccaratOdds = baccaratOdds()): Record<BaccaratBetType, Fraction> {
  const p = (winner: BaccaratWinner) => frac(odds.weights[winner], odds.total);
  const scaled = (multiplier: bigint) => frac(multiplier, 10_000n);
  const pairRtp = mul(odds.pair, scaled(BACCARAT_PAYS.pair));
  return {
    player: add(mul(p('player'), scaled(BACCARAT_PAYS.player)), mul(p('tie'), scaled(BACCARAT_PAYS.push))),
    banker: add(mul(p('banker'), scaled(BACCARAT_PAYS.banker)), mul(p('tie'), scaled(BACCARAT_PAYS.push))),
    tie: mul(p('tie'), scaled(BACCARAT_PAYS.tie)),
    'player-pair': pairRtp,
    'banker-pair': pairRtp,
  };
}

export function assertBaccaratBets(bets: readonly BaccaratBet[]): void {
  let total = 0n;
  for (const bet of bets) {
    const limits = BACCARAT_BET_LIMITS.perBet[bet.type];
    if (!limits) throw new StudioBetError('bad-bet', `Not a bet of the table: ${bet.type}`);
    if (bet.amountMinor < limits.minMinor || bet.amountMinor > limits.maxMinor) {
      throw new StudioBetError('bet-out-of-limits', `A ${bet.type} bet must be within the table limits`);
    }
    if (bet.amountMinor % limits.stepMinor !== 0n) {
      throw new StudioBetError(
        'bet-not-a-step',
        `A bet must be a multiple of ${limits.stepMinor} minor units`,
      );
    }
    total += bet.amountMinor;
  }
  if (bets.some((bet) => bet.type === 'player') && bets.some((bet) => bet.type === 'banker')) {
    throw new StudioBetError('bad-bet', 'Player and Banker cannot both be backed in one round');
  }
  if (total > BACCARAT_BET_LIMITS.roundMaxMinor) {
    throw new StudioBetError('bet-out-of-limits', 'The bets exceed the table maximum of a round');
  }
}

/** One player's bets settled on the round's coup. */
export function settleBaccarat(round: BaccaratRound, bets: readonly BaccaratBet[]) {
  const settled = bets.map((bet) => {
    const multiplierScaled = baccaratMultiplier(bet.type, round);
    return { bet, multiplierScaled, winMinor: payoutMinor(bet.amountMinor, multiplierScaled) };
  });
  return {
    round,
    bets: settled,
    stakeMinor: bets.reduce((acc, bet) => acc + bet.amountMinor, 0n),
    winMinor: settled.reduce((acc, bet) => acc + bet.winMinor, 0n),
  };
}

export const STUDIO_BACCARAT: TableGame<BaccaratBet, BaccaratRound> & {
  betLimits: typeof BACCARAT_BET_LIMITS;
  timing: typeof BACCARAT_TIMING;
} = {
  code: 'studio-baccarat',
  name: 'Studio Baccarat',
  category: 'live-baccarat',
  volatility: 'low',
  rtp: BACCARAT_RTP.banker,
  betRtp: BACCARAT_RTP,
  betLimits: BACCARAT_BET_LIMITS,
  timing: BACCARAT_TIMING,
  drawRound: drawBaccaratRound,
  spin(seeds, bets) {
    assertBaccaratBets(bets);
    return settleBaccarat(drawBaccaratRound(seeds), bets);
  },
};
