/**
 * The instant games as a table. An entry says, for one game, where its bet is posted, the zod schemas of
 * its path and body (the routes declare them, so validation, the 422 format and OpenAPI come from them),
 * and `prepare`: the checks the schema cannot express (422 on the field), the stake in minor units within
 * the game's limits for the player's currency, what identifies the request for its idempotency key, the
 * parameters stored with the bet, the play through the engine (lib/fair outcomes) and what the bonus
 * wagering rules need of it. One `placeInstantBet` serves every entry; the routes register each entry.
 *
 * A new instant game: its outcome in lib/fair, its play in engine.ts, its bet limits in
 * lib/constants/bet-limits.ts, its wagering weight in lib/bonuses/wagering.ts, its body in
 * lib/contracts/games.ts, an entry here, and one `instantBet(...)` line in routes.ts.
 */
import type { z } from 'zod';
import { wagerContribution, type WageredBet } from '@/lib/bonuses/wagering';
import {
  caseOpenBody,
  coinflipBetBody,
  diceBetBody,
  kenoBetBody,
  rouletteBetBody,
  type FairGame,
} from '@/lib/contracts/games';
import type { Currency } from '@/lib/constants/currencies';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { diceTargetValid, kenoPicksValid, rouletteChipValid, type Seeds } from '@/lib/fair';
import type { Database, Executor } from '../../db/client';
import { HttpError, ValidationError } from '../../lib/errors';
import { CASE_CHANGED, GENERAL_PATH, type BetStatement } from './bet-statement';
import { buildCaseTable, caseProblems } from './cases';
import { playCase, playCoinflip, playDice, playKeno, playRoulette } from './engine';
import { slugParams } from './params';
import { findCaseForBet, type CaseWithItems } from './repository';
import { checkBetLimits, placeBet, toMinor, type BetResult, type Decision, type Player } from './service';

/** What the engine settled an instant bet at. */
interface Settlement {
  multiplierScaled: bigint;
  payoutMinor: bigint;
  outcome: object;
}

/** An instant bet ready to be placed. */
export interface PreparedBet {
  amountMinor: bigint;
  /** What identifies the request besides its key: a replay must match it. */
  request: unknown;
  params: Record<string, unknown>;
  play(seeds: Seeds): Settlement;
  wager: WageredBet;
  /** The case opened and the version it was read at (the bet statement checks it is still current). */
  case?: { id: number; version: string };
}

export interface InstantGame<Body extends { idempotency_key: string }, Params = unknown> {
  game: FairGame;
  url: string;
  params?: z.ZodType<Params>;
  body: z.ZodType<Body>;
  /** `fresh`: read what the bet depends on again (a case the bet statement found changed). */
  prepare(
    db: Executor,
    input: Body & Params,
    currency: Currency,
    fresh: boolean,
  ): PreparedBet | Promise<PreparedBet>;
}

const instantGame = <Body extends { idempotency_key: string }, Params = unknown>(
  game: InstantGame<Body, Params>,
) => game;

/** A stake from the body: in minor units, 422 on `amount` outside the game's limits. */
function stake(currency: Currency, game: 'dice' | 'coinflip' | 'keno' | 'roulette', amountMinor: bigint) {
  checkBetLimits(currency, game, amountMinor);
  return amountMinor;
}

export const dice = instantGame({
  game: 'dice',
  url: '/dice/bet',
  body: diceBetBody,
  prepare: (_db, { amount, target, direction }, currency) => {
    if (!diceTargetValid(target, direction)) {
      throw ValidationError.field('target', 'invalid', 'The win chance must be between 0.01 % and 98 %.');
    }
    const amountMinor = stake(currency, 'dice', toMinor(amount));
    const params = { target, direction };
    return {
      amountMinor,
      request: { amount, ...params },
      params,
      play: (seeds) => playDice(seeds, params, amountMinor),
      wager: { game: 'dice', stakeMinor: amountMinor, target, direction },
    };
  },
});

export const coinflip = instantGame({
  game: 'coinflip',
  url: '/coinflip/bet',
  body: coinflipBetBody,
  prepare: (_db, { amount, side }, currency) => {
    const amountMinor = stake(currency, 'coinflip', toMinor(amount));
    return {
      amountMinor,
      request: { amount, side },
      params: { side },
      play: (seeds) => playCoinflip(seeds, { side }, amountMinor),
      wager: { game: 'coinflip', stakeMinor: amountMinor },
    };
  },
});

export const keno = instantGame({
  game: 'keno',
  url: '/keno/bet',
  body: kenoBetBody,
  prepare: (_db, { amount, picks, risk }, currency) => {
    if (!kenoPicksValid(picks)) {
      throw ValidationError.field('picks', 'invalid', 'Pick 1 to 10 different squares from 1 to 40.');
    }
    const amountMinor = stake(currency, 'keno', toMinor(amount));
    const params = { picks, risk };
    return {
      amountMinor,
      request: { amount, ...params },
      params,
      play: (seeds) => playKeno(seeds, params, amountMinor),
      wager: { game: 'keno', stakeMinor: amountMinor, picks: picks.length, risk },
    };
  },
});

export const roulette = instantGame({
  game: 'roulette',
  url: '/roulette/bet',
  body: rouletteBetBody,
  prepare: (_db, { chips }, currency) => {
    chips.forEach((chip, index) => {
      if (!rouletteChipValid(chip)) {
        throw ValidationError.field(
          `chips.${index}.value`,
          'invalid',
          chip.type === 'straight'
            ? 'A straight bet needs a pocket from 0 to 36.'
            : chip.type === 'dozen' || chip.type === 'column'
              ? `A ${chip.type} bet needs a value from 1 to 3.`
              : `A ${chip.type} bet takes no value.`,
        );
      }
    });
    const inputs = chips.map((chip) => ({ ...chip, amountMinor: toMinor(chip.amount) }));
    const amountMinor = stake(
      currency,
      'roulette',
      inputs.reduce((sum, chip) => sum + chip.amountMinor, 0n),
    );
    return {
      amountMinor,
      request: { chips },
      params: { chips },
      play: (seeds) => playRoulette(seeds, inputs),
      wager: { game: 'roulette', chips: inputs },
    };
  },
});

/**
 * The cases as the bets read them, per database: kept until a bet finds one changed (its version, checked
 * by the bet statement in the statement that opens it, differs) and read again then.
 */
const casesForBets = new WeakMap<Executor, Map<string, CaseWithItems & { version: string }>>();

async function caseForBet(db: Executor, slug: string, fresh: boolean) {
  let known = casesForBets.get(db);
  if (!known) casesForBets.set(db, (known = new Map()));
  const kept = fresh ? undefined : known.get(slug);
  if (kept) return kept;
  const found = await findCaseForBet(db, slug);
  if (found) known.set(slug, found);
  else known.delete(slug);
  return found;
}

/** A case costs its price in the player's currency, which must lie within the coinflip limits. */
export const cases = instantGame({
  game: 'cases',
  url: '/cases/:slug/open',
  params: slugParams,
  body: caseOpenBody,
  prepare: async (db, { slug: requested }, currency, fresh) => {
    const found = await caseForBet(db, requested, fresh);
    if (!found) throw new HttpError(404, 'Not Found');
    if (caseProblems(found.row.prices, found.items).length > 0) {
      throw ValidationError.field('case', 'unavailable', 'This case cannot be opened right now.');
    }
    const table = buildCaseTable(found.items);
    const amountMinor = BigInt(found.row.prices[currency]);
    const { min, max } = getBetLimits(currency, 'coinflip');
    if (amountMinor < toMinor(min) || amountMinor > toMinor(max)) {
      throw ValidationError.field('amount', 'invalid', 'The case price is outside the bet limits.');
    }
    const slug = found.row.slug;
    return {
      amountMinor,
      request: { slug },
      params: { slug, case_id: found.row.id, table },
      play: (seeds) => playCase(seeds, table, amountMinor),
      wager: { game: 'cases', stakeMinor: amountMinor, table },
      case: { id: found.row.id, version: found.version },
    };
  },
});

const settle = (result: Settlement): Decision => ({
  status: result.payoutMinor > 0n ? 'won' : 'lost',
  multiplierScaled: result.multiplierScaled,
  payoutMinor: result.payoutMinor,
  outcome: result.outcome as Record<string, unknown>,
});

/**
 * Places an instant bet of `game` for the player of `claims`: the entry prepares it, the bet statement
 * (bet-statement.ts) plays it and settles it in one call; a bet that counts towards an active bonus goes
 * through placeBet (service.ts), after the full session check, which records the wager.
 */
export async function placeInstantBet<Body extends { idempotency_key: string }, Params>(
  db: Database,
  statement: BetStatement,
  game: InstantGame<Body, Params>,
  input: {
    claims: { userId: number; familyId: string };
    /** The full session check and the player (for the general path). */
    player(): Promise<Player>;
    request: Body & Params;
    now: Date;
  },
): Promise<BetResult> {
  const { userId, familyId } = input.claims;
  const currency = await statement.currency(userId);
  for (let attempt = 1; ; attempt += 1) {
    const bet = await game.prepare(db, input.request, currency, attempt > 1);
    const base = {
      game: game.game,
      idempotencyKey: input.request.idempotency_key,
      request: bet.request,
      amountMinor: bet.amountMinor,
      params: bet.params,
      now: input.now,
    };
    const placed = await statement.place({
      ...base,
      userId,
      familyId,
      play: (seeds) => settle(bet.play(seeds)),
      wagerMinor: wagerContribution(bet.wager).countedMinor,
      case: bet.case ?? null,
    });
    // A case changed since it was read: read it again (a second change in between is an error).
    if (placed === CASE_CHANGED) {
      if (attempt >= 3) throw new Error(`case ${String(bet.params.slug)} kept changing`);
      continue;
    }
    if (placed !== GENERAL_PATH) return placed;
    const player = await input.player();
    const current = bet.case ? await game.prepare(db, input.request, player.currency, true) : bet;
    return placeBet(db, {
      ...base,
      request: current.request,
      amountMinor: current.amountMinor,
      params: current.params,
      userId: player.id,
      currency: player.currency,
      decide: (seeds) => settle(current.play(seeds)),
      wager: current.wager,
      sessionStartedAt: player.sessionStartedAt,
    });
  }
}
