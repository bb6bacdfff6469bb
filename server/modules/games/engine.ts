/**
 * The game engine: pure functions from the seeds and the player's input to the outcome, the multiplier
 * and the payout. The routes (through service.ts) and the RTP benchmark (bench/games-rtp.ts) run exactly
 * this code; the outcomes themselves come from lib/fair, which the browser uses to verify them.
 */
import {
  caseItemForRoll,
  caseRoll,
  coinflipResult,
  COINFLIP_MULTIPLIER,
  diceMultiplierScaled,
  diceRoll,
  diceWins,
  hiloCard,
  HILO_MAX_CARDS,
  hiloMultiplierScaled,
  hiloSkipAllowed,
  hiloWinningRanks,
  hiloWins,
  kenoHits,
  kenoMatches,
  kenoMultiplier,
  minerMines,
  minerMultiplierScaled,
  MINER_TILES,
  payoutMinor,
  pocketColor,
  rouletteChipWins,
  roulettePocket,
  ROULETTE_MULTIPLIERS,
  fromScaled,
  scaledRatio,
  toScaled,
  type CoinSide,
  type DiceDirection,
  type FairCard,
  type KenoRisk,
  type RouletteBetType,
  type Seeds,
} from '@/lib/fair';

/** What a settled instant bet paid: multiplier (1/10 000ths) of the whole stake and the payout. */
export interface Settlement<Outcome> {
  outcome: Outcome;
  multiplierScaled: bigint;
  payoutMinor: bigint;
}

const major = (minor: bigint) => Number(minor) / 100;

// --- dice ---------------------------------------------------------------------------------------------

export interface DiceParams {
  target: number;
  direction: DiceDirection;
}

export function playDice(seeds: Seeds, params: DiceParams, amountMinor: bigint) {
  const roll = diceRoll(seeds);
  const win = diceWins(roll, params.target, params.direction);
  const multiplierScaled = win ? diceMultiplierScaled(params.target, params.direction) : 0n;
  return {
    outcome: { roll, target: params.target, direction: params.direction, win },
    multiplierScaled,
    payoutMinor: payoutMinor(amountMinor, multiplierScaled),
  };
}

// --- coinflip -----------------------------------------------------------------------------------------

export function playCoinflip(seeds: Seeds, params: { side: CoinSide }, amountMinor: bigint) {
  const result = coinflipResult(seeds);
  const win = result === params.side;
  const multiplierScaled = win ? toScaled(COINFLIP_MULTIPLIER) : 0n;
  return {
    outcome: { side: params.side, result, win },
    multiplierScaled,
    payoutMinor: payoutMinor(amountMinor, multiplierScaled),
  };
}

// --- keno ---------------------------------------------------------------------------------------------

export interface KenoParams {
  picks: number[];
  risk: KenoRisk;
}

export function playKeno(seeds: Seeds, params: KenoParams, amountMinor: bigint) {
  const hits = kenoHits(seeds);
  const matched = kenoMatches(params.picks, hits);
  const multiplierScaled = toScaled(kenoMultiplier(params.risk, params.picks.length, matched.length));
  return {
    outcome: { picks: params.picks, risk: params.risk, hits, matched },
    multiplierScaled,
    payoutMinor: payoutMinor(amountMinor, multiplierScaled),
  };
}

// --- roulette -----------------------------------------------------------------------------------------

export interface RouletteChipInput {
  type: RouletteBetType;
  value?: number;
  amountMinor: bigint;
}

/** Each chip pays its own multiplier; the bet's multiplier is the total payout over the total stake. */
export function playRoulette(seeds: Seeds, chips: readonly RouletteChipInput[]) {
  const pocket = roulettePocket(seeds);
  let stake = 0n;
  let payout = 0n;
  const settled = chips.map((chip) => {
    const win = rouletteChipWins(chip, pocket);
    const chipPayout = win ? payoutMinor(chip.amountMinor, toScaled(ROULETTE_MULTIPLIERS[chip.type])) : 0n;
    stake += chip.amountMinor;
    payout += chipPayout;
    return {
      type: chip.type,
      ...(chip.value === undefined ? {} : { value: chip.value }),
      amount: major(chip.amountMinor),
      win,
      payout: major(chipPayout),
    };
  });
  return {
    outcome: { pocket, color: pocketColor(pocket), chips: settled },
    multiplierScaled: stake > 0n ? scaledRatio(payout, stake) : 0n,
    payoutMinor: payout,
  };
}

// --- cases --------------------------------------------------------------------------------------------

/** One row of a case's range table as stored with each opening. */
export interface CaseTableEntry {
  id: number;
  from: number;
  to: number;
  /** Payout as a multiple of the price, in 1/10 000ths. */
  multiplier_scaled: number;
  rarity: 'common' | 'uncommon' | 'rare' | 'epic' | 'legendary';
  name: { en: string; ru: string; kz: string };
}

export function playCase(seeds: Seeds, table: readonly CaseTableEntry[], priceMinor: bigint) {
  const roll = caseRoll(seeds);
  const entry = caseItemForRoll(table, roll);
  const multiplierScaled = BigInt(entry.multiplier_scaled);
  return {
    outcome: { roll, item_id: entry.id },
    entry,
    multiplierScaled,
    payoutMinor: payoutMinor(priceMinor, multiplierScaled),
  };
}

// --- miner --------------------------------------------------------------------------------------------

export interface MinerOutcome {
  mines_count: number;
  revealed: number[];
  mines: number[] | null;
  multiplier: number;
  next_multiplier: number | null;
}

/** The public view of a miner round: mines only once it ended. */
export function minerView(
  mines: number,
  revealed: number[],
  ended: number[] | null,
  multiplierScaled: bigint,
) {
  const safeLeft = MINER_TILES - mines - revealed.length;
  const outcome: MinerOutcome = {
    mines_count: mines,
    revealed,
    mines: ended,
    multiplier: fromScaled(multiplierScaled),
    next_multiplier:
      ended === null && safeLeft > 0 ? fromScaled(minerMultiplierScaled(mines, revealed.length + 1)) : null,
  };
  return outcome;
}

export type MinerStep =
  | { kind: 'mine'; mines: number[] }
  | { kind: 'safe'; multiplierScaled: bigint; cleared: boolean; mines: number[] };

/** Opens `tile` in a round with `mines` mines where `revealed` are the safe tiles opened so far. */
export function minerReveal(
  seeds: Seeds,
  mines: number,
  revealed: readonly number[],
  tile: number,
): MinerStep {
  const placed = minerMines(seeds, mines);
  if (placed.includes(tile)) return { kind: 'mine', mines: placed };
  const safe = revealed.length + 1;
  return {
    kind: 'safe',
    multiplierScaled: minerMultiplierScaled(mines, safe),
    cleared: safe === MINER_TILES - mines,
    mines: placed,
  };
}

// --- hilo ---------------------------------------------------------------------------------------------

export type HiloGuessInput = 'higher' | 'lower' | 'skip';
export type HiloCardView = FairCard & { guess: HiloGuessInput | null };

export interface HiloOutcome {
  cards: HiloCardView[];
  multiplier: number;
  next: { higher: number | null; lower: number | null };
}

/** Counts of winning ranks of the winning guesses so far (every guess of an open round won). */
export function hiloCounts(cards: readonly HiloCardView[]): number[] {
  const counts: number[] = [];
  for (let i = 1; i < cards.length; i += 1) {
    const guess = cards[i].guess;
    if (guess === 'higher' || guess === 'lower') counts.push(hiloWinningRanks(cards[i - 1].rank, guess));
  }
  return counts;
}

export function hiloView(cards: HiloCardView[], open: boolean, lost: boolean): HiloOutcome {
  const counts = hiloCounts(lost ? cards.slice(0, -1) : cards);
  const current = cards[cards.length - 1];
  const nextFor = (guess: 'higher' | 'lower') =>
    open ? fromScaled(hiloMultiplierScaled([...counts, hiloWinningRanks(current.rank, guess)])) : null;
  return {
    cards,
    multiplier: lost ? 0 : fromScaled(hiloMultiplierScaled(counts)),
    next: { higher: nextFor('higher'), lower: nextFor('lower') },
  };
}

export function hiloStartCard(seeds: Seeds): HiloCardView {
  return { ...hiloCard(seeds, 0), guess: null };
}

/**
 * Draws the next card for `guess`; `won` is false only for a losing higher/lower guess; `full` when the
 * round now holds HILO_MAX_CARDS cards (nothing more can be drawn). The caller refuses a skip the limit
 * does not allow (`hiloSkipAllowed`); a draw past the limit is a programming error.
 */
export function hiloStep(seeds: Seeds, cards: readonly HiloCardView[], guess: HiloGuessInput) {
  if (cards.length >= HILO_MAX_CARDS || (guess === 'skip' && !hiloSkipAllowed(cards.length))) {
    throw new RangeError(`a hilo round holds at most ${HILO_MAX_CARDS} cards, the last one for a guess`);
  }
  const next = hiloCard(seeds, cards.length);
  const current = cards[cards.length - 1];
  const won = guess === 'skip' || hiloWins(current.rank, next.rank, guess);
  const drawn: HiloCardView[] = [...cards, { ...next, guess }];
  return {
    cards: drawn,
    won,
    full: drawn.length >= HILO_MAX_CARDS,
    multiplierScaled: won ? hiloMultiplierScaled(hiloCounts(drawn)) : 0n,
  };
}
