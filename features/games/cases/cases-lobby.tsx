'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/lib/i18n/navigation';
import { caseGamePath } from '@/lib/routes';
import { useFormat } from '@/lib/i18n/use-format';
import { useGameCurrency } from '../api/get-game-limits';
import { casesQueryOptions } from '../api/get-cases';

/** The cases lobby: every case with its price (the player's currency, RUB for a guest) and its RTP. */
export function CasesLobby() {
  const t = useTranslations('games.cases');
  const format = useFormat();
  const currency = useGameCurrency();
  const cases = useQuery(casesQueryOptions(currency));

  if (cases.isPending) {
    return (
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" data-testid="cases-loading">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-40 animate-pulse rounded-2xl bg-panel" />
        ))}
      </ul>
    );
  }
  if (cases.isError) {
    return (
      <EmptyState title={t('listFailed')}>
        <button type="button" className={buttonClass.secondary} onClick={() => void cases.refetch()}>
          {t('retry')}
        </button>
      </EmptyState>
    );
  }
  if (cases.data.length === 0) return <EmptyState title={t('empty')} />;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="cases-list">
      {cases.data.map((item) => (
        <li key={item.slug}>
          <Link
            href={caseGamePath(item.slug)}
            className="flex h-full flex-col rounded-2xl border border-line bg-gradient-to-br from-gold/15 to-panel p-5 transition hover:border-gold"
            data-testid="case-card"
          >
            <span className="text-4xl" aria-hidden="true">
              🎁
            </span>
            <span className="mt-3 text-lg font-bold">{item.name}</span>
            <span className="mt-auto flex items-baseline justify-between gap-2 pt-3 text-sm">
              <span className="font-semibold text-gold tabular-nums" data-testid="case-price">
                {format.money(item.price, item.currency)}
              </span>
              <span className="text-muted tabular-nums">
                {t('rtp', { rtp: format.percent(item.rtp * 100) })}
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
