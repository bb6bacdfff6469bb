import { getLocale, getTranslations } from 'next-intl/server';
import { formatterFor } from '@/lib/i18n/format';
import { getBetLimits, type BetGame } from '@/lib/constants/bet-limits';
import { CURRENCIES, CURRENCY_SYMBOLS } from '@/lib/constants/currencies';

/** The bet limits of one game in every currency, from spec section 9, in the page's number format. */
export async function BetLimitsTable({ game }: { game: BetGame }) {
  const t = await getTranslations('empty');
  const format = formatterFor(await getLocale());
  return (
    <table
      className="mt-6 w-full overflow-hidden rounded-xl border border-line text-left text-sm"
      data-testid="bet-limits"
    >
      <caption className="mb-2 text-left font-semibold">{t('betLimits')}</caption>
      <thead className="bg-panel-2 text-muted">
        <tr>
          <th scope="col" className="px-2 py-2 sm:px-4">
            {t('currency')}
          </th>
          <th scope="col" className="px-2 py-2 sm:px-4">
            {t('minBet')}
          </th>
          <th scope="col" className="px-2 py-2 sm:px-4">
            {t('maxBet')}
          </th>
        </tr>
      </thead>
      <tbody>
        {CURRENCIES.map((currency) => {
          const { min, max } = getBetLimits(currency, game);
          return (
            <tr key={currency} className="border-t border-line">
              <th scope="row" className="px-2 py-2 sm:px-4 font-medium">
                {currency} {CURRENCY_SYMBOLS[currency]}
              </th>
              <td className="px-2 py-2 sm:px-4 tabular-nums">{format.number(min)}</td>
              <td className="px-2 py-2 sm:px-4 tabular-nums">{format.number(max)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
