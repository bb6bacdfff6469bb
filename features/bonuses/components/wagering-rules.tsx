'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Popover } from '@/components/ui/popover';
import {
  SLOTS_WAGER_WEIGHT_PERCENT,
  WAGER_GAMES,
  WAGER_MAX_WIN_CHANCE_PERCENT,
  WAGER_WEIGHT_PERCENT,
} from '@/lib/bonuses/wagering';
import { SPORTS_WAGER_MIN_ODDS_MILLI, SPORTS_WAGER_WEIGHT_PERCENT } from '@/lib/constants/sports';
import { useFormat } from '@/lib/i18n/use-format';

/**
 * How bets count towards a bonus's wagering (lib/bonuses/wagering.ts, the rules the API server applies):
 * the share of the stake each game counts (the in-house games, then the providers' slots and live games, then
 * sports bets once settled),
 * and the bets that count nothing, with a popover saying what wagering is. On /bonuses,
 * /welcome-pack and /profile/bonuses.
 */
export function WageringRules() {
  const t = useTranslations('bonuses.wagering');
  const format = useFormat();
  const headingId = useId();
  const percent = (value: number) => `${format.number(value)}%`;
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="wagering-rules">
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {t('title')}
        </h2>
        <Popover
          label={t('help.label')}
          title={t('help.title')}
          closeLabel={t('help.close')}
          theme="regdep"
          testId="wagering-help"
        >
          <p>{t('help.what')}</p>
          <p>{t('help.until')}</p>
        </Popover>
      </div>
      <p className="text-sm text-muted">{t('intro')}</p>
      <table className="w-full max-w-md text-sm">
        <caption className="sr-only">{t('caption')}</caption>
        <thead>
          <tr className="text-left text-muted">
            <th scope="col" className="py-1 font-normal">
              {t('game')}
            </th>
            <th scope="col" className="py-1 text-right font-normal">
              {t('share')}
            </th>
          </tr>
        </thead>
        <tbody>
          {WAGER_GAMES.map((game) => (
            <tr key={game} className="border-t border-line">
              <th scope="row" className="py-1 text-left font-normal">
                {t(`games.${game}`)}
              </th>
              <td className="py-1 text-right font-semibold tabular-nums">
                {percent(WAGER_WEIGHT_PERCENT[game])}
              </td>
            </tr>
          ))}
          <tr className="border-t border-line">
            <th scope="row" className="py-1 text-left font-normal">
              {t('games.slots')}
            </th>
            <td className="py-1 text-right font-semibold tabular-nums">
              {percent(SLOTS_WAGER_WEIGHT_PERCENT)}
            </td>
          </tr>
          <tr className="border-t border-line">
            <th scope="row" className="py-1 text-left font-normal">
              {t('games.sports')}
            </th>
            <td className="py-1 text-right font-semibold tabular-nums">
              {percent(SPORTS_WAGER_WEIGHT_PERCENT)}
            </td>
          </tr>
        </tbody>
      </table>
      <h3 className="text-sm font-semibold">{t('exclusionsTitle')}</h3>
      <ul className="list-disc space-y-1 ps-5 text-sm">
        <li>{t('exclusions.winChance', { chance: percent(WAGER_MAX_WIN_CHANCE_PERCENT) })}</li>
        <li>{t('exclusions.hedged')}</li>
        <li>{t('exclusions.rounds')}</li>
        <li>
          {t('exclusions.sports', {
            odds: (SPORTS_WAGER_MIN_ODDS_MILLI / 1000).toFixed(2),
          })}
        </li>
      </ul>
    </section>
  );
}
