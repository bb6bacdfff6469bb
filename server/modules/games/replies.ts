/** Bets as the contract (lib/contracts/games.ts) shows them, in the caller's language. */
import type { Bet } from '@/lib/contracts/games';
import { fromScaled } from '@/lib/fair';
import type { MessageLocale } from '../../lib/locale';
import { minorToMajor } from '../ledger/service';
import type { CaseTableEntry } from './engine';
import type { BetWithPair } from './repository';
import type { BetResult } from './service';

function caseItemView(entry: CaseTableEntry, locale: MessageLocale) {
  return {
    id: entry.id,
    name: entry.name[locale] || entry.name.en,
    multiplier: fromScaled(BigInt(entry.multiplier_scaled)),
    chance: (entry.to - entry.from + 1) / 1000,
    range: [entry.from, entry.to] as [number, number],
    rarity: entry.rarity,
  };
}

export function caseTableView(table: readonly CaseTableEntry[], locale: MessageLocale) {
  return table.map((entry) => caseItemView(entry, locale));
}

/** A bet as `lib/contracts/games.ts` shows it; the server seed only once its pair was rotated. */
export function toBet({ bet, pair }: BetWithPair, locale: MessageLocale) {
  let outcome: Record<string, unknown> = bet.outcome;
  if (bet.game === 'cases') {
    const table = bet.params.table as CaseTableEntry[];
    const itemId = bet.outcome.item_id as number;
    outcome = {
      slug: bet.params.slug,
      roll: bet.outcome.roll,
      item: caseItemView(table.find((entry) => entry.id === itemId)!, locale),
      table: caseTableView(table, locale),
    };
  }
  return {
    id: bet.id,
    game: bet.game,
    amount: minorToMajor(bet.amountMinor),
    payout: minorToMajor(bet.payoutMinor),
    multiplier: fromScaled(bet.multiplierScaled),
    currency: bet.currency,
    status: bet.status,
    created_at: bet.createdAt.toISOString(),
    server_seed_hash: pair.serverSeedHash,
    server_seed: pair.active ? null : pair.serverSeed,
    client_seed: bet.clientSeed,
    nonce: bet.nonce,
    outcome,
  } as unknown as Bet;
}

export function toBetReply(result: BetResult, locale: MessageLocale) {
  return { bet: toBet(result.bet, locale), balance: minorToMajor(result.balanceMinor) };
}
