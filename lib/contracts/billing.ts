import { z } from 'zod';
import { CURRENCIES } from '@/lib/constants/currencies';
import { moneyAmount } from '@/lib/contracts/money';

/**
 * The wallet contract (spec sections 3, 4, 7; issue 4). Money in replies is a JSON number in major
 * units with two decimals (DESIGN.md); the server keeps integer minor units.
 */
const money = z.number().multipleOf(0.01);

/** Payment method (spec section 3). Limits may be absent: the web falls back to 100 / 300000 / 100. */
export const paymentMethod = z.object({
  hash: z.string(),
  name: z.object({ en: z.string(), ru: z.string().optional(), kz: z.string().optional() }),
  type: z.enum(['card', 'phone', 'crypto']),
  min_amount: money.nullable(),
  max_amount: money.nullable(),
  default_amount: money.nullable(),
  exchange_currency: z.enum(CURRENCIES).nullable(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** `GET /api/v2/billing/data` (spec section 3 "Billing data"). */
export const billingDataReply = z.object({
  payments: z.object({
    methods: z.array(paymentMethod),
    bonus: z.object({ name: z.string() }).nullable(),
  }),
  'crypto-payments': z.array(paymentMethod),
  'crypto-payouts': z.array(paymentMethod),
});

/** Creates a deposit invoice. `idempotency_key` makes a repeated click return the same invoice. */
export const createInvoiceBody = z.object({
  method: z.string().min(1).max(64),
  /** Positive, two decimals at most, bounded (lib/contracts/money.ts); the method's limits come after. */
  amount: moneyAmount,
  idempotency_key: z.string().min(8).max(64),
});

/** Deposit invoice (spec section 3). */
export const invoice = z.object({
  id: z.number().int(),
  hash: z.string(),
  type: z.enum(['card', 'phone', 'crypto']),
  amount: money,
  shop_amount: money,
  commission: money,
  life_time: z.number().int().default(1200),
  sum_was_changed: z.boolean(),
  card: z.object({ card_number: z.string().nullable(), phone_number: z.string().nullable() }),
  /** The provider's hosted payment page, when the player pays there instead of to a card or phone. */
  pay_url: z.string().url().nullish(),
});
export type Invoice = z.infer<typeof invoice>;

/** Invoice statuses; 3 means paid (spec section 4). */
export const INVOICE_STATUS = { created: 1, processing: 2, paid: 3, expired: 4, failed: 5 } as const;

/** `GET /billing/payment/status/{invoiceId}`. `life_time`: seconds left (0 once paid or expired). */
export const invoiceStatusReply = z.object({
  status: z.number().int(),
  amount: money,
  life_time: z.number().int(),
});

/** `GET /profile/history?page=&per_page=`: page from 1, 1 to 100 items per page (default 20). */
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(20),
});

/** `GET /profile/history` with paging: the user's ledger movements, newest first. */
export const historyReply = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      /** Which of the user's accounts moved: the real-money balance or the bonus balance. */
      wallet: z.enum(['cash', 'bonus']),
      kind: z.enum(['deposit', 'bonus', 'bet', 'win', 'adjustment', 'withdrawal']),
      amount: money,
      balance_after: money,
      currency: z.enum(CURRENCIES),
      created_at: z.string(),
      description: z.string().nullable(),
      /** For a game's `bet`/`win` movement: the game (e.g. `dice`) and the bet id (`GET /games/bets/{id}`). */
      game: z.string().optional(),
      bet_id: z.number().int().optional(),
      /** A crash movement: the crash game (crash bets are not `GET /games/bets` bets, so no `bet_id`). */
      crash_game: z.number().int().optional(),
      /** A stake given back: a crash game cut short, or an aggregator's bet rolled back. */
      refund: z.literal(true).optional(),
      /** A movement of a game of the aggregator's providers (slots, live tables): its game code and round. */
      slot_game: z.string().optional(),
      slot_round: z.string().optional(),
      /** A free round's win in such a game. */
      free: z.literal(true).optional(),
    }),
  ),
  page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});
