import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { moneyAmount } from '@/lib/contracts/money';
import { FAIR_GAMES } from './fair-games';

/**
 * The contract of the casino's own provably fair games (issue 5): dice, coinflip, keno, roulette, hilo,
 * miner and cases. Each call goes to its spec service (spec section 7: the dice, coinflip, keno, miner,
 * cases and general base addresses; hilo, roulette, the seed pair and the bet list are on `general`), all
 * served by the one API server by default. Paths below are relative to the service's base address.
 *
 * Money is a JSON number in major units (two decimals). Every bet body carries an `idempotency_key`: the
 * same key and body answer the first result again; the same key with another body is a 409. Bad input
 * (amount outside the limits of spec section 9, unknown picks, a finished round) is a 422 in the spec's
 * format (`errors.<field>: ['<key>: <text>']`); not enough money is a 422 on `amount` with the key
 * `insufficient_funds`. A guest gets 401.
 *
 * Outcomes follow `lib/fair` (the same code verifies them in the browser).
 */

const money = z.number().multipleOf(0.01);
const currency = z.enum(CURRENCIES);
const idempotencyKey = z.string().min(8).max(64);
/** A stake: positive, two decimals at most, bounded (lib/contracts/money.ts); the game limits come after. */
const amount = moneyAmount;

// The game names and their services live in a module without zod, for the games' first screen
// (lib/contracts/fair-games.ts).
export { FAIR_GAMES, GAME_SERVICE, type FairGame } from './fair-games';

// --- the seed pair (service: general) --------------------------------------------------------------------

/** `GET /fair/seed`: the user's active pair; created on first use. The nonce is the next bet's. */
export const seedPair = z.object({
  server_seed_hash: z.string().regex(/^[0-9a-f]{64}$/),
  client_seed: z.string(),
  nonce: z.number().int().min(0),
});
export type SeedPair = z.infer<typeof seedPair>;

/** Client seeds: 1 to 64 printable ASCII characters without spaces at the ends. */
export const clientSeed = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/);

/** `PUT /fair/seed/client` `{ client_seed }` → the pair (same server seed, nonce kept). 422 with an open miner/hilo round. */
export const changeClientSeedBody = z.object({ client_seed: clientSeed });

/**
 * `POST /fair/seed/rotate` `{ client_seed? }`: reveals the active server seed and starts a new pair
 * (new server seed, nonce 0, the given or the same client seed). 422 while a miner or hilo round is open.
 */
export const rotateSeedBody = z.object({ client_seed: clientSeed.optional() });
export const rotateSeedReply = z.object({
  previous: seedPair.extend({ server_seed: z.string().regex(/^[0-9a-f]{64}$/) }),
  current: seedPair,
});

// --- bets ---------------------------------------------------------------------------------------------

export const diceBetBody = z.object({
  amount,
  /** 0.01 to 99.99 in steps of 0.01; the win chance must stay within 0.01 % to 98 %. */
  target: z.number().multipleOf(0.01).min(0.01).max(99.99),
  direction: z.enum(['over', 'under']),
  idempotency_key: idempotencyKey,
});
export const diceOutcome = z.object({
  roll: z.number(),
  target: z.number(),
  direction: z.enum(['over', 'under']),
  win: z.boolean(),
});

export const coinflipBetBody = z.object({
  amount,
  side: z.enum(['heads', 'tails']),
  idempotency_key: idempotencyKey,
});
export const coinflipOutcome = z.object({
  side: z.enum(['heads', 'tails']),
  result: z.enum(['heads', 'tails']),
  win: z.boolean(),
});

export const KENO_RISKS = ['low', 'medium', 'high'] as const;
export const kenoBetBody = z.object({
  amount,
  /** 1 to 10 distinct squares from 1 to 40. */
  picks: z.array(z.number().int().min(1).max(40)).min(1).max(10),
  risk: z.enum(KENO_RISKS),
  idempotency_key: idempotencyKey,
});
export const kenoOutcome = z.object({
  picks: z.array(z.number().int()),
  risk: z.enum(KENO_RISKS),
  /** The 10 drawn squares in draw order. */
  hits: z.array(z.number().int()),
  matched: z.array(z.number().int()),
});

export const ROULETTE_BET_TYPES = [
  'straight',
  'red',
  'black',
  'odd',
  'even',
  'low',
  'high',
  'dozen',
  'column',
] as const;
/** One chip on the European table: `value` is the pocket (straight 0–36) or the dozen/column (1–3); absent otherwise. */
export const rouletteChip = z.object({
  type: z.enum(ROULETTE_BET_TYPES),
  value: z.number().int().min(0).max(36).optional(),
  amount,
});
/** The bet amount (for the limits) is the sum of the chips; 1 to 20 chips. */
export const rouletteBetBody = z.object({
  chips: z.array(rouletteChip).min(1).max(20),
  idempotency_key: idempotencyKey,
});
export const rouletteOutcome = z.object({
  pocket: z.number().int().min(0).max(36),
  color: z.enum(['green', 'red', 'black']),
  chips: z.array(rouletteChip.extend({ win: z.boolean(), payout: money })),
});

/** Cards: rank 2–14 (11 J, 12 Q, 13 K, 14 A), suit in deck order ♦ ♥ ♠ ♣; `index` is the position 0–51 in the deck order of `lib/fair`. */
export const card = z.object({
  index: z.number().int().min(0).max(51),
  rank: z.number().int().min(2).max(14),
  suit: z.enum(['diamonds', 'hearts', 'spades', 'clubs']),
});
export type Card = z.infer<typeof card>;

/**
 * A move of a miner or hilo round carries `step`: how many moves the round had when the player made it
 * (miner: tiles opened, `outcome.revealed.length`; hilo: cards drawn after the start card,
 * `outcome.cards.length − 1`). A double submit of a move is played once and answered again with the
 * same round; a move at another step is a 422 on `step` (`stale`): reload the round.
 */
export const roundStep = z.number().int().min(0).max(1_000);
/** `POST /hilo/{id}/cashout`, `POST /miner/{id}/cashout`. */
export const roundCashoutBody = z.object({ step: roundStep });

export const hiloStartBody = z.object({ amount, idempotency_key: idempotencyKey });
/**
 * A guess, or a skip. A round holds at most 52 cards (lib/fair/games/hilo.ts `HILO_MAX_CARDS`): the last
 * one is drawn by a guess only (a skip then is a 422 on `guess`, `card_limit`), and a winning guess that
 * draws it cashes the round out.
 */
export const hiloGuessBody = z.object({ guess: z.enum(['higher', 'lower', 'skip']), step: roundStep });
/** A hilo round: the cards so far (the first is the start card), each later one with the guess that led to it. */
export const hiloOutcome = z.object({
  cards: z.array(card.extend({ guess: z.enum(['higher', 'lower', 'skip']).nullable() })),
  /** Multiplier cashed out now (1 before the first winning guess). */
  multiplier: z.number(),
  /** Multipliers a correct higher-or-same / lower-or-same guess on the current card would give the round. */
  next: z.object({ higher: z.number().nullable(), lower: z.number().nullable() }),
});

export const MINER_TILES = 25;
export const minerStartBody = z.object({
  amount,
  mines: z.number().int().min(1).max(24),
  idempotency_key: idempotencyKey,
});
export const minerRevealBody = z.object({ tile: z.number().int().min(0).max(24), step: roundStep });
export const minerOutcome = z.object({
  mines_count: z.number().int(),
  revealed: z.array(z.number().int()),
  /** Where the mines are: only once the round ended (a mine hit or a cash-out). */
  mines: z.array(z.number().int()).nullable(),
  multiplier: z.number(),
  /** Multiplier after one more safe tile. */
  next_multiplier: z.number().nullable(),
});

export const caseOpenBody = z.object({ idempotency_key: idempotencyKey });
export const caseItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** What the item pays, as a multiple of the case price. */
  multiplier: z.number(),
  /** Chance in percent, e.g. 0.5. */
  chance: z.number(),
  /** Rolls from..to (1 to 100000) that win this item. */
  range: z.tuple([z.number().int(), z.number().int()]),
  rarity: z.enum(['common', 'uncommon', 'rare', 'epic', 'legendary']),
});
export const caseSummary = z.object({
  slug: z.string(),
  name: z.string(),
  /** Price in the requested (or the user's, or RUB) currency. */
  price: money,
  currency,
  rtp: z.number(),
  image: z.string().nullable(),
});
/** `GET /cases?currency=` → `{ items: caseSummary[] }`; `GET /cases/{slug}?currency=` → caseDetail (404 unknown). */
export const caseDetail = caseSummary.extend({ items: z.array(caseItem) });
export const casesReply = z.object({ items: z.array(caseSummary) });
export const casesOutcome = z.object({
  roll: z.number().int().min(1).max(100_000),
  item: caseItem,
  /** The range table of the case as it was at the opening. */
  table: z.array(caseItem),
});

export const betStatus = z.enum(['open', 'won', 'lost', 'cashed_out']);

const betBase = z.object({
  id: z.number().int(),
  amount: money,
  /** What the bet paid (0 for a loss; for an open round, 0). */
  payout: money,
  multiplier: z.number(),
  currency,
  status: betStatus,
  created_at: z.string(),
  server_seed_hash: z.string(),
  /** Revealed once the pair was rotated; null before. */
  server_seed: z.string().nullable(),
  client_seed: z.string(),
  nonce: z.number().int(),
});

/** A bet of any game: `game` tells which `outcome` it carries. */
export const bet = z.discriminatedUnion('game', [
  betBase.extend({ game: z.literal('dice'), outcome: diceOutcome }),
  betBase.extend({ game: z.literal('coinflip'), outcome: coinflipOutcome }),
  betBase.extend({ game: z.literal('keno'), outcome: kenoOutcome }),
  betBase.extend({ game: z.literal('roulette'), outcome: rouletteOutcome }),
  betBase.extend({ game: z.literal('hilo'), outcome: hiloOutcome }),
  betBase.extend({ game: z.literal('miner'), outcome: minerOutcome }),
  betBase.extend({ game: z.literal('cases'), outcome: casesOutcome.extend({ slug: z.string() }) }),
]);
export type Bet = z.infer<typeof bet>;

/**
 * Every bet call answers the bet and the balances after it:
 * - `POST /dice/bet`, `POST /coinflip/bet`, `POST /keno/bet`, `POST /roulette/bet`, `POST /cases/{slug}/open`;
 * - `POST /hilo/start`, `POST /hilo/{id}/guess`, `POST /hilo/{id}/cashout` (the moves carry `step`);
 * - `POST /miner/start`, `POST /miner/{id}/reveal`, `POST /miner/{id}/cashout` (the moves carry `step`).
 * `GET /hilo/active` and `GET /miner/active` answer `{ bet: Bet | null }` (the open round, if any).
 */
export const betReply = z.object({ bet, balance: money });
export const activeRoundReply = z.object({ bet: bet.nullable() });

/** `GET /games/bets?game=&page=&per_page=` (general): the user's bets, newest first. `GET /games/bets/{id}`: one bet. */
export const betsQuery = z.object({
  game: z.enum(FAIR_GAMES).optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});
export const betsReply = z.object({
  items: z.array(bet),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

/** `GET /games/limits?currency=` (general, public): the bet range of each game (spec section 9, with its fallback rule). */
export const gameLimitsReply = z.object({
  currency,
  // Every game but cases (a case has its price).
  limits: z.partialRecord(z.enum(FAIR_GAMES), z.object({ min: money, max: money })),
});
