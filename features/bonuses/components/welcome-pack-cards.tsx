'use client';

import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { LoadFailed, LoadingList } from './loading-list';
import { StageFacts } from './stage-facts';
import { useWelcomePack } from './use-welcome-pack';

/** /bonuses: the welcome pack's stages as cards, with a link to the welcome-pack page. */
export function WelcomePackCards() {
  const t = useTranslations('bonuses.welcomePack');
  const pack = useWelcomePack();

  if (!pack.ready || pack.isPending)
    return <LoadingList label={t('loading')} rows={1} testId="welcome-pack-loading" />;
  if (pack.isError) {
    return (
      <LoadFailed
        text={t('loadFailed')}
        retryLabel={t('retry')}
        onRetry={() => void pack.refetch()}
        testId="welcome-pack-error"
      />
    );
  }
  const { publicTitle, stages, currency } = pack.data;
  if (!publicTitle || stages.length === 0) return <EmptyState title={t('empty')} />;

  return (
    <div className="space-y-3">
      <p className="font-semibold" data-testid="welcome-pack-title">
        {publicTitle}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('stepsLabel')}>
        {stages.map((stage) => (
          <li
            key={stage.stage}
            className="rounded-2xl border border-line bg-panel p-4"
            data-testid="welcome-card"
          >
            <p className="text-xs uppercase tracking-wide text-gold">
              {t('depositNumber', { number: stage.deposit_number })}
            </p>
            <h3 className="mb-3 font-semibold">{stage.title}</h3>
            <StageFacts stage={stage} currency={currency} />
          </li>
        ))}
      </ul>
      <Link href={ROUTES.welcomePack} className="inline-block text-sm text-gold underline hover:text-white">
        {t('more')}
      </Link>
    </div>
  );
}
