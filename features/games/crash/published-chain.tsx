'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { useCrashFairness } from '../api/get-crash-fairness';
import { HashValue } from './copy-button';

/**
 * The chain being played (`GET /crash/fairness`): its terminating hash, published before its first game,
 * and its salt, or plainly that either is not there yet.
 */
export function PublishedChain() {
  const t = useTranslations('games.crashFair');
  const fairness = useCrashFairness();
  const headingId = useId();

  let body;
  if (fairness.isPending) {
    body = (
      <p className="text-sm text-muted" role="status" data-testid="crash-chain-loading">
        {t('loading')}
      </p>
    );
  } else if (fairness.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert" data-testid="crash-chain-error">
        <span className="text-danger">{t('chain.failed')}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void fairness.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else {
    const { terminating_hash: terminating, salt } = fairness.data;
    body = (
      <dl className="space-y-3 text-sm" data-testid="crash-chain">
        <div>
          <dt className="mb-1 text-muted">{t('chain.terminatingHash')}</dt>
          <dd>
            {terminating ? (
              <HashValue
                value={terminating}
                copyLabel={t('chain.copyTerminatingHash')}
                testId="crash-terminating-hash"
              />
            ) : (
              <p data-testid="crash-not-published">{t('chain.notPublished')}</p>
            )}
          </dd>
        </div>
        <div>
          <dt className="mb-1 text-muted">{t('chain.salt')}</dt>
          <dd>
            {salt ? (
              <HashValue value={salt} copyLabel={t('chain.copySalt')} testId="crash-salt" />
            ) : (
              <p data-testid="crash-salt-not-set">{t('chain.saltNotSet')}</p>
            )}
          </dd>
        </div>
      </dl>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-panel p-4">
      <h3 id={headingId} className="mb-3 font-semibold">
        {t('chain.title')}
      </h3>
      {body}
    </section>
  );
}
