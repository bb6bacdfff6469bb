/**
 * The stateful games: a miner or hilo round is a bet row with status `open` whose public outcome never
 * holds the mines or a card not yet drawn (they follow from the seeds, recomputed on each call). The
 * stake moves at the start; the cash-out credits the payout; a mine or a losing card ends the round lost.
 * Everything is in the database, so a round survives a reload and a server restart.
 *
 * Every move (reveal, guess, skip, cash-out) carries the round's `step` it was made at (miner: tiles
 * opened; hilo: cards drawn after the start card): a double submit plays once and answers the same round
 * again (service.ts `RoundMove`). A hilo round holds at most HILO_MAX_CARDS cards (lib/fair/games/hilo.ts):
 * a skip that would draw the last card is a 422 on `guess` (`card_limit`), a guess or a cash-out is not.
 */
import type { WageredBet } from '@/lib/bonuses/wagering';
import type { z } from 'zod';
import type { hiloStartBody, minerStartBody } from '@/lib/contracts/games';
import { HILO_MAX_CARDS, hiloSkipAllowed, minerMines, payoutMinor, type Seeds } from '@/lib/fair';
import type { Database } from '../../db/client';
import { ValidationError } from '../../lib/errors';
import {
  hiloStartCard,
  hiloStep,
  hiloView,
  minerReveal,
  minerView,
  type HiloCardView,
  type HiloGuessInput,
  type MinerOutcome,
} from './engine';
import {
  actOnRound,
  checkBetLimits,
  placeBet,
  toMinor,
  type BetResult,
  type BetRow,
  type Player,
  type RoundUpdate,
} from './service';

type MinerStartBody = z.infer<typeof minerStartBody>;
type HiloStartBody = z.infer<typeof hiloStartBody>;

/**
 * Starts a round of `game` for the player: the stake, within the game's
 * limits for the player's currency (422 on `amount`), moves at once and the round opens on `opening`.
 */
async function startRound(
  db: Database,
  input: {
    player: Player;
    game: 'miner' | 'hilo';
    amount: number;
    idempotencyKey: string;
    request: Record<string, unknown>;
    params: Record<string, unknown>;
    opening(seeds: Seeds): Record<string, unknown>;
    now: Date;
  },
): Promise<BetResult> {
  const { player } = input;
  const amountMinor = toMinor(input.amount);
  checkBetLimits(player.currency, input.game, amountMinor);
  return placeBet(db, {
    userId: player.id,
    currency: player.currency,
    game: input.game,
    idempotencyKey: input.idempotencyKey,
    request: input.request,
    amountMinor,
    params: input.params,
    decide: (seeds) => ({
      status: 'open',
      multiplierScaled: 10_000n,
      payoutMinor: 0n,
      outcome: input.opening(seeds),
    }),
    wager: null,
    sessionStartedAt: player.sessionStartedAt,
    now: input.now,
  });
}

type StartInput<Body> = { player: Player; body: Body; now: Date };

// --- miner --------------------------------------------------------------------------------------------

export function startMiner(
  db: Database,
  { player, body, now }: StartInput<MinerStartBody>,
): Promise<BetResult> {
  const { amount, mines } = body;
  return startRound(db, {
    player,
    game: 'miner',
    amount,
    idempotencyKey: body.idempotency_key,
    request: { amount, mines },
    params: { mines },
    opening: () => ({ ...minerView(mines, [], null, 10_000n) }),
    now,
  });
}

const minesOf = (params: Record<string, unknown>) => params.mines as number;
const revealedOf = (outcome: Record<string, unknown>) => (outcome as unknown as MinerOutcome).revealed;

type MoveInput = { userId: number; betId: number; step: number; now: Date };

type Act = (bet: BetRow, seeds: Seeds) => RoundUpdate;

/** A miner round that ends counts towards bonuses by the chance that all the tiles it opened are safe. */
const minerEnded =
  (act: Act): Act =>
  (bet, seeds) => {
    const update = act(bet, seeds);
    if (update.status === 'open') return update;
    const wager: WageredBet = {
      game: 'miner',
      stakeMinor: bet.amountMinor,
      mines: minesOf(bet.params),
      tilesOpened: revealedOf(update.outcome).length,
    };
    return { ...update, wager };
  };

/** A hilo round that ends counts towards bonuses by the chance that all its guesses win. */
const hiloEnded =
  (act: Act): Act =>
  (bet, seeds) => {
    const update = act(bet, seeds);
    if (update.status === 'open') return update;
    return {
      ...update,
      wager: { game: 'hilo', stakeMinor: bet.amountMinor, cards: cardsOf(update.outcome) },
    };
  };

export function revealMiner(db: Database, input: MoveInput & { tile: number }): Promise<BetResult> {
  const move = {
    step: input.step,
    stepOf: (bet: BetRow) => revealedOf(bet.outcome).length,
    isReplay: (bet: BetRow) => {
      const revealed = revealedOf(bet.outcome);
      return revealed.length === input.step + 1 && revealed[input.step] === input.tile;
    },
  };
  return actOnRound(
    db,
    { ...input, game: 'miner', move },
    minerEnded((bet, seeds) => {
      const mines = minesOf(bet.params);
      const revealed = revealedOf(bet.outcome);
      if (revealed.includes(input.tile)) {
        throw ValidationError.field('tile', 'already_revealed', 'This tile is already open.');
      }
      const step = minerReveal(seeds, mines, revealed, input.tile);
      const opened = [...revealed, input.tile];
      if (step.kind === 'mine') {
        return {
          status: 'lost',
          multiplierScaled: 0n,
          payoutMinor: 0n,
          outcome: { ...minerView(mines, opened, step.mines, 0n) },
        };
      }
      if (step.cleared) {
        // Every safe tile is open: the round cashes out by itself.
        return {
          status: 'cashed_out',
          multiplierScaled: step.multiplierScaled,
          payoutMinor: payoutMinor(bet.amountMinor, step.multiplierScaled),
          outcome: { ...minerView(mines, opened, step.mines, step.multiplierScaled) },
        };
      }
      return {
        status: 'open',
        multiplierScaled: step.multiplierScaled,
        payoutMinor: 0n,
        outcome: { ...minerView(mines, opened, null, step.multiplierScaled) },
      };
    }),
  );
}

export function cashOutMiner(db: Database, input: MoveInput): Promise<BetResult> {
  const move = {
    step: input.step,
    stepOf: (bet: BetRow) => revealedOf(bet.outcome).length,
    isReplay: (bet: BetRow) => bet.status === 'cashed_out' && revealedOf(bet.outcome).length === input.step,
  };
  return actOnRound(
    db,
    { ...input, game: 'miner', move },
    minerEnded((bet, seeds) => {
      const mines = minesOf(bet.params);
      const revealed = revealedOf(bet.outcome);
      if (revealed.length === 0) {
        throw ValidationError.field(
          'round',
          'nothing_to_cash_out',
          'Open at least one tile before cashing out.',
        );
      }
      const placed = minerMines(seeds, mines);
      return {
        status: 'cashed_out',
        multiplierScaled: bet.multiplierScaled,
        payoutMinor: payoutMinor(bet.amountMinor, bet.multiplierScaled),
        outcome: { ...minerView(mines, revealed, placed, bet.multiplierScaled) },
      };
    }),
  );
}

// --- hilo ---------------------------------------------------------------------------------------------

export function startHilo(
  db: Database,
  { player, body, now }: StartInput<HiloStartBody>,
): Promise<BetResult> {
  return startRound(db, {
    player,
    game: 'hilo',
    amount: body.amount,
    idempotencyKey: body.idempotency_key,
    request: { amount: body.amount },
    params: {},
    opening: (seeds) => ({ ...hiloView([hiloStartCard(seeds)], true, false) }),
    now,
  });
}

const cardsOf = (outcome: Record<string, unknown>) => outcome.cards as HiloCardView[];

/** Hilo's step: the cards drawn after the start card. */
const hiloStepOf = (bet: BetRow) => cardsOf(bet.outcome).length - 1;

export function guessHilo(db: Database, input: MoveInput & { guess: HiloGuessInput }): Promise<BetResult> {
  const move = {
    step: input.step,
    stepOf: hiloStepOf,
    isReplay: (bet: BetRow) => {
      const cards = cardsOf(bet.outcome);
      return cards.length === input.step + 2 && cards[input.step + 1].guess === input.guess;
    },
  };
  return actOnRound(
    db,
    { ...input, game: 'hilo', move },
    hiloEnded((bet, seeds) => {
      const cards = cardsOf(bet.outcome);
      if (input.guess === 'skip' && !hiloSkipAllowed(cards.length)) {
        throw ValidationError.field(
          'guess',
          'card_limit',
          `A round holds at most ${HILO_MAX_CARDS} cards and the last one is drawn by a guess: guess or cash out.`,
        );
      }
      const step = hiloStep(seeds, cards, input.guess);
      if (!step.won) {
        return {
          status: 'lost',
          multiplierScaled: 0n,
          payoutMinor: 0n,
          outcome: { ...hiloView(step.cards, false, true) },
        };
      }
      if (step.full) {
        // Nothing more can be drawn: the round cashes out by itself.
        return {
          status: 'cashed_out',
          multiplierScaled: step.multiplierScaled,
          payoutMinor: payoutMinor(bet.amountMinor, step.multiplierScaled),
          outcome: { ...hiloView(step.cards, false, false) },
        };
      }
      return {
        status: 'open',
        multiplierScaled: step.multiplierScaled,
        payoutMinor: 0n,
        outcome: { ...hiloView(step.cards, true, false) },
      };
    }),
  );
}

export function cashOutHilo(db: Database, input: MoveInput): Promise<BetResult> {
  const move = {
    step: input.step,
    stepOf: hiloStepOf,
    isReplay: (bet: BetRow) => bet.status === 'cashed_out' && hiloStepOf(bet) === input.step,
  };
  return actOnRound(
    db,
    { ...input, game: 'hilo', move },
    hiloEnded((bet) => {
      const cards = cardsOf(bet.outcome);
      if (!cards.some((card) => card.guess === 'higher' || card.guess === 'lower')) {
        throw ValidationError.field(
          'round',
          'nothing_to_cash_out',
          'Win at least one guess before cashing out.',
        );
      }
      return {
        status: 'cashed_out',
        multiplierScaled: bet.multiplierScaled,
        payoutMinor: payoutMinor(bet.amountMinor, bet.multiplierScaled),
        outcome: { ...hiloView(cards, false, false) },
      };
    }),
  );
}
