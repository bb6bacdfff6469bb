/**
 * The user's wallet over the ledger: movement history and operator/sandbox balance adjustments.
 */
import { isCurrency, type Currency } from '@/lib/constants/currencies';
import type { Executor } from '../../db/client';
import { runTransaction } from '../../db/transaction';
import { recordAudit, type Actor } from '../audit/service';
import { minorToMajor, systemAccount, transfer, userAccount, type TransferResult } from '../ledger/service';
import * as repository from './repository';

type HistoryKind = 'deposit' | 'bonus' | 'bet' | 'win' | 'adjustment' | 'withdrawal';

export interface HistoryItem {
  id: number;
  wallet: 'cash' | 'bonus';
  kind: HistoryKind;
  amount: number;
  balance_after: number;
  currency: Currency;
  created_at: string;
  description: string | null;
  /** A game's bet or win: the game and the bet (`GET /games/bets/{id}`). */
  game?: string;
  bet_id?: number;
  /** A crash bet, win or refund: the crash game (its bets are not `GET /games/bets` bets). */
  crash_game?: number;
  /** The stake given back of a crash game cut short, or of an aggregator's bet rolled back. */
  refund?: true;
  /** A bet, win or stake back in a game of the aggregator's providers: the game's code and the round. */
  slot_game?: string;
  slot_round?: string;
  /** A free round's win (aggregator). */
  free?: true;
}

const GAME_TITLES: Record<string, string> = {
  dice: 'Dice',
  coinflip: 'Coinflip',
  keno: 'Keno',
  roulette: 'Roulette',
  hilo: 'Hilo',
  miner: 'Miner',
  cases: 'Case',
  crash: 'Crash',
};

function describe(kind: string, meta: Record<string, unknown>): string | null {
  if (typeof meta.reason === 'string') return meta.reason;
  if (kind === 'deposit' && typeof meta.provider === 'string') return `Deposit (${meta.provider})`;
  if ((kind === 'bet' || kind === 'win') && meta.game === 'crash' && typeof meta.crash_game === 'number') {
    return `Crash ${kind === 'bet' ? 'bet' : 'win'} (game #${meta.crash_game})`;
  }
  if (
    (kind === 'bet' || kind === 'win') &&
    meta.game === 'aggregator' &&
    typeof meta.game_code === 'string'
  ) {
    const what =
      kind === 'bet' ? 'bet' : meta.refund ? 'stake returned' : meta.free ? 'free round win' : 'win';
    return `Slot ${meta.game_code}: ${what} (round ${String(meta.round)})`;
  }
  if ((kind === 'bet' || kind === 'win') && meta.game === 'rooms' && typeof meta.room_round === 'number') {
    return `Room ${String(meta.room)}: ${kind === 'bet' ? 'stake' : 'win'} (round #${meta.room_round})`;
  }
  if ((kind === 'bet' || kind === 'win') && typeof meta.game === 'string') {
    const title = GAME_TITLES[meta.game] ?? meta.game;
    const bet = typeof meta.bet_id === 'number' ? ` #${meta.bet_id}` : '';
    return `${title} ${kind === 'bet' ? 'bet' : 'win'}${bet}`;
  }
  return null;
}

/**
 * The game and bet of a game's ledger movement (for crash: the crash game, and whether it was a refund;
 * for the aggregator's games: the game's code and round, a rollback's stake back, a free round's win).
 */
function gameOf(
  kind: string,
  meta: Record<string, unknown>,
): Pick<HistoryItem, 'game' | 'bet_id' | 'crash_game' | 'refund' | 'slot_game' | 'slot_round' | 'free'> {
  if ((kind !== 'bet' && kind !== 'win') || typeof meta.game !== 'string') return {};
  if (meta.game === 'aggregator' && typeof meta.game_code === 'string') {
    return {
      slot_game: meta.game_code,
      slot_round: String(meta.round),
      ...(kind === 'win' && meta.refund === true ? { refund: true as const } : {}),
      ...(kind === 'win' && meta.free === true ? { free: true as const } : {}),
    };
  }
  if (meta.game === 'crash' && typeof meta.crash_game === 'number') {
    return {
      game: 'crash',
      crash_game: meta.crash_game,
      ...(kind === 'win' && typeof meta.reason === 'string' ? { refund: true as const } : {}),
    };
  }
  return { game: meta.game, ...(typeof meta.bet_id === 'number' ? { bet_id: meta.bet_id } : {}) };
}

/** The user's ledger entries (every currency, cash and bonus), newest first. */
export async function history(
  db: Executor,
  userId: number,
  page: number,
  perPage: number,
): Promise<{ items: HistoryItem[]; total: number }> {
  const ids = await repository.userAccountIds(db, userId);
  if (ids.length === 0) return { items: [], total: 0 };
  const total = await repository.countEntries(db, ids);
  const rows = await repository.pageOfEntries(db, ids, page, perPage);
  return {
    total,
    items: rows.map((row) => ({
      id: row.id,
      wallet: row.wallet as 'cash' | 'bonus',
      kind: row.kind as HistoryKind,
      amount: minorToMajor(row.amountMinor),
      balance_after: minorToMajor(row.balanceAfterMinor),
      currency: (isCurrency(row.currency) ? row.currency : 'RUB') as Currency,
      created_at: row.createdAt.toISOString(),
      description: describe(row.kind, row.meta),
      ...gameOf(row.kind, row.meta),
    })),
  };
}

/**
 * Credits (house → user cash) or debits (user cash → house) the user's cash account: operator
 * adjustments and the sandbox debit. Idempotent on `key` (namespaced `adjust:`). With an `actor` (the
 * operator's `balance credit|debit`), the adjustment and its audit entry (`balance.credit|debit`, the
 * transfer in `after`) are written in one transaction; a replay of the key writes no second entry.
 */
export async function adjustBalance(
  db: Executor,
  input: {
    userId: number;
    currency: Currency;
    direction: 'credit' | 'debit';
    amountMinor: bigint;
    reason: string;
    key: string;
    source: 'admin' | 'sandbox';
    actor?: Actor;
    now?: Date;
  },
): Promise<TransferResult & { balanceMinor: bigint }> {
  if (input.amountMinor <= 0n) throw new RangeError('amount must be positive');
  const { actor } = input;
  if (!actor) return adjust(db, input);
  return runTransaction(db, async (tx) => {
    const result = await adjust(tx, input);
    if (!result.replayed) {
      const sign = input.direction === 'credit' ? 1n : -1n;
      await recordAudit(tx, {
        actor,
        action: `balance.${input.direction}`,
        subjectType: 'user',
        subjectId: input.userId,
        userId: input.userId,
        before: {
          currency: input.currency,
          balance_minor: result.balanceMinor - sign * input.amountMinor,
        },
        after: {
          currency: input.currency,
          balance_minor: result.balanceMinor,
          amount_minor: sign * input.amountMinor,
          transfer_id: result.transferId,
          key: input.key,
        },
        reason: input.reason,
        at: input.now ?? new Date(),
      });
    }
    return result;
  });
}

async function adjust(
  db: Executor,
  input: Parameters<typeof adjustBalance>[1],
): Promise<TransferResult & { balanceMinor: bigint }> {
  const house = await systemAccount(db, 'house', input.currency);
  const cash = await userAccount(db, input.userId, input.currency, 'cash');
  const sign = input.direction === 'credit' ? 1n : -1n;
  const result = await transfer(db, {
    idempotencyKey: `adjust:${input.key}`,
    kind: 'adjustment',
    reference: `user:${input.userId}`,
    entries: [
      { account: cash, amountMinor: sign * input.amountMinor },
      { account: house, amountMinor: -sign * input.amountMinor },
    ],
    meta: { reason: input.reason, direction: input.direction, source: input.source },
  });
  return { ...result, balanceMinor: result.balances.get(cash.id) ?? 0n };
}
