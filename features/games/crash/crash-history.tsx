'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { Tooltip } from '@/components/ui/tooltip';
import { useFormat } from '@/lib/i18n/use-format';
import { useCrashHistory } from '../api/get-crash-history';
import { shortHash } from './constants';
import { CopyButton } from './copy-button';

/**
 * The last finished games (`GET /crash/history`), newest first: number, crash point, time and the
 * revealed hash (shortened; copied whole), each with a button that verifies it (`onVerify`), its tooltip
 * saying what that does (the verifier beside it says so too, for touch). Rows wrap instead of scrolling
 * sideways on a phone.
 */
export function CrashHistory({ onVerify }: { onVerify: (hash: string) => void }) {
  const t = useTranslations('games.crashFair.history');
  const tc = useTranslations('games.crashFair');
  const format = useFormat();
  const history = useCrashHistory();
  const headingId = useId();

  let body;
  if (history.isPending) {
    body = (
      <p className="text-sm text-muted" role="status" data-testid="crash-history-loading">
        {t('loading')}
      </p>
    );
  } else if (history.isError) {
    body = (
      <div
        className="flex flex-wrap items-center gap-3 text-sm"
        role="alert"
        data-testid="crash-history-error"
      >
        <span className="text-danger">{t('failed')}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void history.refetch()}>
          {tc('retry')}
        </button>
      </div>
    );
  } else if (history.data.items.length === 0) {
    body = (
      <p className="text-sm text-muted" data-testid="crash-history-empty">
        {t('empty')}
      </p>
    );
  } else {
    body = (
      <ol className="text-sm" data-testid="crash-history">
        {history.data.items.map((game) => (
          <li
            key={game.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line py-2 first:border-t-0"
            data-testid="crash-history-game"
          >
            <span className="w-16 tabular-nums text-muted">
              <span className="sr-only">{t('game', { id: game.id })}</span>
              <span aria-hidden="true">#{game.id}</span>
            </span>
            <span
              className={`w-20 font-semibold tabular-nums ${game.crash_point >= 2 ? 'text-ok' : 'text-danger'}`}
              data-testid="crash-history-point"
            >
              <span className="sr-only">{t('point')} </span>
              {format.multiplier(game.crash_point)}
            </span>
            <span className="tabular-nums text-muted">
              <span className="sr-only">{t('time')} </span>
              <time dateTime={game.started_at} title={format.dateTime(game.started_at)}>
                {format.time(game.started_at)}
              </time>
            </span>
            <span className="flex min-w-0 items-center gap-2 sm:ml-auto">
              <span className="sr-only">{t('hash')} </span>
              <code className="font-mono text-xs" title={game.hash}>
                {shortHash(game.hash)}
              </code>
              <CopyButton value={game.hash} label={t('copyHash', { id: game.id })} />
              <Tooltip content={t('verifyHint')}>
                <button
                  type="button"
                  onClick={() => onVerify(game.hash)}
                  aria-label={t('verifyGame', { id: game.id })}
                  className={buttonClass.inline}
                  data-testid="crash-history-verify"
                >
                  {t('verify')}
                </button>
              </Tooltip>
            </span>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-line bg-panel p-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('title')}
      </h3>
      {body}
    </section>
  );
}
