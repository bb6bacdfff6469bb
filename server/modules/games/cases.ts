/**
 * Cases: the catalogue (per-currency prices, items with their share of the 100 000 rolls) and its
 * range tables. An opening stores the table it used (service.ts `params.table`), so editing a case later
 * (admin commands) never changes an old result.
 */
import { CURRENCIES, type Currency } from '@/lib/constants/currencies';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { caseRangeTable, caseRtp, fromScaled, type CaseItemInput } from '@/lib/fair';
import type { MessageLocale } from '../../lib/locale';
import type { CaseTableEntry } from './engine';
import type { CaseItemRow, CaseWithItems } from './repository';
import type { CasePrices } from './schema';
import { caseTableView } from './replies';

export const RARITIES = ['common', 'uncommon', 'rare', 'epic', 'legendary'] as const;

const asInput = (item: CaseItemRow): CaseItemInput => ({
  id: item.id,
  rolls: item.rolls,
  multiplier: fromScaled(BigInt(item.multiplierScaled)),
});

/** The range table of the items in position order; throws unless their rolls sum to 100 000. */
export function buildCaseTable(items: readonly CaseItemRow[]): CaseTableEntry[] {
  const sorted = [...items].sort((a, b) => a.position - b.position);
  const byId = new Map(sorted.map((item) => [item.id, item]));
  return caseRangeTable(sorted.map(asInput)).map(({ item, from, to }) => {
    const row = byId.get(item.id)!;
    return {
      id: row.id,
      from,
      to,
      multiplier_scaled: row.multiplierScaled,
      rarity: row.rarity,
      name: { en: row.nameEn, ru: row.nameRu, kz: row.nameKz },
    };
  });
}

/** Exact RTP of the case (Σ chance × multiplier). */
export function rtpOf(items: readonly CaseItemRow[]): number {
  return caseRtp(items.map(asInput));
}

/** Problems that keep a case from being opened (empty when it is playable). */
export function caseProblems(prices: CasePrices, items: readonly CaseItemRow[]): string[] {
  const problems: string[] = [];
  try {
    buildCaseTable(items);
  } catch (error) {
    problems.push((error as Error).message);
  }
  for (const currency of CURRENCIES) {
    const price = prices[currency];
    const { min, max } = getBetLimits(currency, 'coinflip');
    if (!Number.isInteger(price) || price < min * 100 || price > max * 100) {
      problems.push(`price in ${currency} must be within the coinflip range ${min}–${max}`);
    }
  }
  return problems;
}

function nameOf(row: { nameEn: string; nameRu: string; nameKz: string }, locale: MessageLocale): string {
  return (locale === 'ru' ? row.nameRu : locale === 'kz' ? row.nameKz : row.nameEn) || row.nameEn;
}

export function toCaseSummary({ row, items }: CaseWithItems, currency: Currency, locale: MessageLocale) {
  return {
    slug: row.slug,
    name: nameOf(row, locale),
    price: row.prices[currency] / 100,
    currency,
    rtp: rtpOf(items),
    image: row.image,
  };
}

export function toCaseDetail(found: CaseWithItems, currency: Currency, locale: MessageLocale) {
  return {
    ...toCaseSummary(found, currency, locale),
    items: caseTableView(buildCaseTable(found.items), locale),
  };
}
