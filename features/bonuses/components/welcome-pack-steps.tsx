'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { DialogTrigger } from '@/components/ui/dialog-trigger';
import { EmptyState } from '@/components/ui/empty-state';
import { MODAL } from '@/lib/stores/modal-store';
import type { WelcomePackStage } from '../api/get-welcome-pack';
import { LoadFailed, LoadingList } from './loading-list';
import { StageFacts } from './stage-facts';
import { useWelcomePack } from './use-welcome-pack';

const STATUS_STYLE: Record<NonNullable<WelcomePackStage['status']>, string> = {
  done: 'border-ok/40 bg-ok/10 text-ok',
  current: 'border-gold bg-gold/10 text-gold',
  locked: 'border-line bg-panel-2 text-muted',
};

/**
 * /welcome-pack: the stages as a step list. A logged-in user sees each stage done, current or locked, the
 * deposits made and a deposit button on the current stage; a guest sees a sign-up button.
 */
export function WelcomePackSteps() {
  const t = useTranslations('bonuses.welcomePack');
  const pack = useWelcomePack();

  if (!pack.ready || pack.isPending)
    return <LoadingList label={t('loading')} rows={3} testId="welcome-pack-loading" />;
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
  const { publicTitle, stages, currency, deposits_made: depositsMade } = pack.data;
  if (!publicTitle || stages.length === 0) return <EmptyState title={t('empty')} />;

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-xl font-bold" data-testid="welcome-pack-title">
          {publicTitle}
        </h2>
        {pack.isLoggedIn && depositsMade !== null ? (
          <p className="text-sm text-muted" data-testid="welcome-pack-deposits">
            {t('depositsMade', { count: depositsMade })}
          </p>
        ) : null}
      </div>
      <ol className="space-y-3" aria-label={t('stepsLabel')}>
        {stages.map((stage) => {
          const status = pack.isLoggedIn ? stage.status : null;
          return (
            <li
              key={stage.stage}
              aria-current={status === 'current' ? 'step' : undefined}
              data-testid="welcome-stage"
              data-status={status ?? 'offer'}
              className={`rounded-2xl border p-4 ${status === 'current' ? 'border-gold bg-panel' : 'border-line bg-panel'} ${status === 'locked' ? 'opacity-80' : ''}`}
            >
              <div className="mb-3 flex items-start gap-3">
                <span
                  aria-hidden="true"
                  className={`grid size-9 shrink-0 place-items-center rounded-full border font-bold ${status ? STATUS_STYLE[status] : 'border-gold text-gold'}`}
                >
                  {status === 'done' ? '✓' : stage.deposit_number}
                </span>
                <div className="min-w-0 flex-1">
                  <h3 className="font-semibold">{stage.title}</h3>
                  <p className="text-sm text-muted">{t('depositNumber', { number: stage.deposit_number })}</p>
                </div>
                {status ? (
                  <span
                    className={`shrink-0 rounded-full border px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}
                    data-testid="welcome-stage-status"
                  >
                    {t(`status.${status}`)}
                  </span>
                ) : null}
              </div>
              <StageFacts stage={stage} currency={currency} />
              {status === 'current' ? (
                <DialogTrigger
                  modal={MODAL.PayIn}
                  className={`${buttonClass.primary} mt-4 w-full sm:w-auto`}
                  testId="welcome-stage-deposit"
                >
                  {t('depositNow', { number: stage.deposit_number })}
                </DialogTrigger>
              ) : null}
            </li>
          );
        })}
      </ol>
      {pack.isLoggedIn ? null : (
        <EmptyState title={t('guestTitle')} hint={t('guestHint')}>
          <DialogTrigger modal={MODAL.signup} className={buttonClass.primary} testId="welcome-pack-signup">
            {t('signup')}
          </DialogTrigger>
        </EmptyState>
      )}
    </div>
  );
}
