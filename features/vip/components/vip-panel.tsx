'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { LocalDateTime } from '@/components/ui/local-date-time';
import { PendingButton } from '@/components/ui/pending-button';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import type { VipProgress, VipReply, VipReward } from '@/lib/contracts/vip';
import { useScopedErrorTranslator } from '@/lib/i18n/use-error-translator';
import { useFormat } from '@/lib/i18n/use-format';
import { notify } from '@/lib/stores/notification-store';
import type { ErrorTranslator } from '@/lib/validation-errors';
import { useVipClaim, vipQuery } from '../api/vip-api';
import { VipJoinForm } from './vip-join-form';
import { LoadError } from '@/components/ui/load-error';

/** The VIP club's own 422 keys (`vip.errors.<key>`: `nothing`, `claimed`) before the common ones. */
function useVipErrorTranslator(): ErrorTranslator {
  return useScopedErrorTranslator('vip.errors');
}

/**
 * A signed-in player's part of /vip-club (`GET /vip`): their level and the progress to the next, the
 * rakeback and rewards to claim (a claim updates the header's balance), their requests and the join form.
 */
export function VipPanel() {
  const t = useTranslations('vip');
  const query = useQuery(vipQuery());
  if (query.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="min-h-40 animate-pulse rounded-2xl bg-panel" />
    );
  }
  if (query.isError) {
    return <LoadError message={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const { me, levels } = query.data;
  if (!me) return null;
  return (
    <div className="space-y-4" data-testid="vip-panel">
      <LevelCard me={me} levels={levels} />
      <Claims me={me} />
      <Requests me={me} />
      <VipJoinForm pending={me.requests.filter((r) => r.status === 'pending').map((r) => r.request_type)} />
    </div>
  );
}

function LevelCard({ me, levels }: { me: VipProgress; levels: VipReply['levels'] }) {
  const t = useTranslations('vip');
  const format = useFormat();
  const current = levels.find((level) => level.level === me.level) ?? null;
  const next = levels.find((level) => level.level === me.level + 1) ?? null;
  const from = current?.points ?? 0;
  const percent =
    me.next_points === null
      ? 100
      : Math.max(0, Math.min(100, ((me.points - from) / Math.max(1, me.next_points - from)) * 100));
  return (
    <section className="rounded-2xl border border-gold/40 bg-panel p-4 sm:p-6" aria-labelledby="vip-my-level">
      <h2 id="vip-my-level" className="text-lg font-semibold">
        {t('me.title')}
      </h2>
      <p className="mt-2 text-2xl font-bold text-gold" data-testid="vip-level-name">
        {current
          ? t('badge.name', { level: current.level, name: t(`names.${current.key}`) })
          : t('me.noLevel')}
      </p>
      <p className="mt-1 text-sm text-muted">{t('me.points', { points: format.number(me.points) })}</p>
      <div
        role="progressbar"
        aria-label={t('me.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        className="mt-3 h-3 overflow-hidden rounded-full bg-panel-2"
        data-testid="vip-progress"
      >
        <div className="h-full rounded-full bg-gold" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-2 text-sm text-muted" data-testid="vip-next">
        {next && me.next_points !== null
          ? t('me.toNext', {
              points: format.number(Math.max(0, me.next_points - me.points)),
              name: t(`names.${next.key}`),
            })
          : t('me.topLevel')}
      </p>
    </section>
  );
}

function Claims({ me }: { me: VipProgress }) {
  const t = useTranslations('vip');
  const format = useFormat();
  const claim = useVipClaim();
  const translator = useVipErrorTranslator();
  const claimable = me.rewards.filter((reward) => reward.claimed_at === null);
  const run = (reward: number | null) =>
    claim.mutate(reward, {
      onSuccess: (reply) =>
        notify({
          kind: 'success',
          text: t('claimed', { amount: format.money(reply.amount, reply.currency) }),
        }),
      onError: (error) => notifyRequestError(error, translator, t('claimFailed')),
    });
  const pendingFor = (reward: number | null) => claim.isPending && claim.variables === reward;
  return (
    <section className="rounded-2xl border border-line bg-panel p-4 sm:p-6" aria-labelledby="vip-claims">
      <h2 id="vip-claims" className="text-lg font-semibold">
        {t('claims.title')}
      </h2>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-panel-2 p-3">
        <div>
          <p className="text-sm text-muted">{t('claims.rakeback')}</p>
          <p className="font-semibold tabular-nums" data-testid="vip-rakeback">
            {format.money(me.rakeback, me.currency)}
          </p>
        </div>
        <PendingButton
          type="button"
          className={buttonClass.primary}
          disabled={me.rakeback <= 0 || claim.isPending}
          pending={pendingFor(null)}
          pendingLabel={t('claims.claiming')}
          onClick={() => run(null)}
          data-testid="vip-claim-rakeback"
        >
          {t('claims.claim')}
        </PendingButton>
      </div>
      {me.weekly_preview > 0 ? (
        <p className="mt-2 text-sm text-muted">
          {t('claims.weeklyPreview', { amount: format.money(me.weekly_preview, me.currency) })}
        </p>
      ) : null}
      {claimable.length === 0 ? (
        <p className="mt-3 text-sm text-muted" data-testid="vip-no-rewards">
          {t('claims.noRewards')}
        </p>
      ) : (
        <ul className="mt-3 space-y-2">
          {claimable.map((reward) => (
            <li
              key={reward.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-panel-2 p-3"
              data-testid="vip-reward"
            >
              <div>
                <p className="text-sm">{rewardTitle(t, reward)}</p>
                <p className="font-semibold tabular-nums">{format.money(reward.amount, reward.currency)}</p>
              </div>
              <PendingButton
                type="button"
                className={buttonClass.primary}
                disabled={claim.isPending}
                pending={pendingFor(reward.id)}
                pendingLabel={t('claims.claiming')}
                onClick={() => run(reward.id)}
              >
                {t('claims.claim')}
              </PendingButton>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function rewardTitle(t: ReturnType<typeof useTranslations<'vip'>>, reward: VipReward): string {
  return reward.kind === 'level_up'
    ? t('claims.levelUp', { level: reward.level })
    : t('claims.weekly', { week: reward.week ?? '' });
}

function Requests({ me }: { me: VipProgress }) {
  const t = useTranslations('vip');
  if (me.requests.length === 0) return null;
  const tone = { pending: 'text-gold', approved: 'text-ok', rejected: 'text-danger' } as const;
  return (
    <section className="rounded-2xl border border-line bg-panel p-4 sm:p-6" aria-labelledby="vip-requests">
      <h2 id="vip-requests" className="text-lg font-semibold">
        {t('requests.title')}
      </h2>
      <ul className="mt-3 divide-y divide-line">
        {me.requests.map((request) => (
          <li
            key={`${request.request_type}-${request.created_at}`}
            className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
            data-testid="vip-request"
          >
            <span>{t(`types.${request.request_type}`)}</span>
            <span className="text-muted">
              <LocalDateTime value={request.created_at} />
            </span>
            <span className={`font-semibold ${tone[request.status]}`}>{t(`statuses.${request.status}`)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
