import { getTranslations } from 'next-intl/server';
import { formatterFor } from '@/lib/i18n/format';
import { getLocale } from 'next-intl/server';
import type { VipLevelView } from '../api/first-screen';

/**
 * The club's programme: every level with the points it needs and its benefits (rakeback, level-up bonus,
 * weekly bonus). A table on wide screens, a card per level on a phone. Server-rendered: no code in the
 * browser.
 */
export async function VipLevels({ levels }: { levels: VipLevelView[] }) {
  const [t, locale] = await Promise.all([getTranslations('vip'), getLocale()]);
  const format = formatterFor(locale);
  const columns = [t('levels.points'), t('levels.rakeback'), t('levels.levelUp'), t('levels.weekly')];
  return (
    <section aria-labelledby="vip-levels" className="rounded-2xl border border-line bg-panel p-4 sm:p-6">
      <h2 id="vip-levels" className="text-lg font-semibold">
        {t('levels.title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('levels.intro')}</p>
      <table className="mt-4 w-full text-sm" data-testid="vip-levels">
        <thead className="hidden text-left text-xs text-muted sm:table-header-group">
          <tr>
            <th scope="col" className="py-2 font-normal">
              {t('levels.level')}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="py-2 text-right font-normal">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {levels.map((level) => {
            const values = [
              format.number(level.points),
              format.percent(level.rakeback_percent, 0),
              format.money(level.level_up_rub, 'RUB'),
              format.percent(level.weekly_percent),
            ];
            return (
              <tr
                key={level.level}
                className="grid grid-cols-2 gap-x-3 gap-y-1 border-t border-line py-3 sm:table-row sm:py-0"
                data-testid="vip-level"
              >
                <th scope="row" className="col-span-2 text-left font-semibold text-gold sm:py-2">
                  {t('badge.name', { level: level.level, name: t(`names.${level.key}`) })}
                </th>
                {values.map((value, i) => (
                  <td key={columns[i]} className="tabular-nums sm:py-2 sm:text-right">
                    <span className="block text-xs text-muted sm:hidden">{columns[i]}</span>
                    {value}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}
