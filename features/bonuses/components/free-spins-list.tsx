'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import type { FreeSpin } from '@/lib/contracts/bonuses';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { slotPath } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';
import { useCancelFreeSpins } from '../api/cancel-free-spins';
import { freeSpinCampaignQueryOptions } from '../api/get-free-spin-campaign';
import { freeSpinsQueryOptions } from '../api/get-free-spins';
import { CancellableList, ItemCard } from './cancellable-list';

/**
 * /profile/bonuses: the user's free spins (game, count, bet, expiry in the locale and the user's
 * timezone), each with a link to play the game, the campaign's terms on demand, and Cancel after a
 * confirmation (`PUT /api/v2/freeSpinsCampaigns/cancel/{campaign id}`), after which the list is fetched again.
 */
export function FreeSpinsList() {
  const t = useTranslations('bonuses.freeSpins');
  const format = useFormat();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const list = useQuery(freeSpinsQueryOptions());
  const cancel = useCancelFreeSpins();

  return (
    <CancellableList
      namespace="bonuses.freeSpins"
      testIdPrefix="free-spins"
      dialogTestId="free-spin-cancel-dialog"
      list={list}
      cancel={cancel}
      idOf={(spin) => spin.campaign_id}
      dialogTitle={() => t('cancelTitle')}
      dialogWarning={(spin) => t('cancelWarning', { count: spin?.count ?? 0, game: spin?.game.name ?? '' })}
      renderItem={(spin, askCancel) => (
        <ItemCard
          key={spin.id}
          testId="free-spin"
          title={spin.game.name}
          titleTestId="free-spin-game"
          subtitle={spin.name}
          badge={t('count', { count: spin.count })}
          badgeClass="border-gold text-gold"
          badgeTestId="free-spin-count"
          facts={[
            {
              label: t('bet'),
              value: format.money(spin.bet, spin.currency),
              className: 'text-right font-semibold tabular-nums',
              testId: 'free-spin-bet',
            },
            {
              label: t('expires'),
              value: (
                <time dateTime={spin.expiration_at} data-testid="free-spin-expires">
                  {format.dateTime(spin.expiration_at, timeZone)}
                </time>
              ),
              className: 'text-right',
            },
          ]}
        >
          <CampaignDetails spin={spin} timeZone={timeZone} />
          <div className="mt-4 flex flex-wrap gap-3">
            <Link
              href={slotPath(spin.game.id, 'play')}
              className={buttonClass.primary}
              data-testid="free-spin-play"
            >
              {t('play', { game: spin.game.name })}
            </Link>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={askCancel}
              aria-haspopup="dialog"
              data-testid="free-spin-cancel"
            >
              {t('cancel')}
            </button>
          </div>
        </ItemCard>
      )}
    />
  );
}

/** The campaign's own description and wager, loaded when the player opens the details. */
function CampaignDetails({ spin, timeZone }: { spin: FreeSpin; timeZone?: string | null }) {
  const t = useTranslations('bonuses.freeSpins');
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-3 text-sm" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-muted hover:text-white">{t('details')}</summary>
      {open ? <CampaignTerms id={spin.campaign_id} currency={spin.currency} timeZone={timeZone} /> : null}
    </details>
  );
}

function CampaignTerms({
  id,
  currency,
  timeZone,
}: {
  id: number;
  currency: FreeSpin['currency'];
  timeZone?: string | null;
}) {
  const t = useTranslations('bonuses.freeSpins');
  const format = useFormat();
  const campaign = useQuery(freeSpinCampaignQueryOptions(id, currency));
  if (campaign.isPending) return <p className="mt-2 text-muted">{t('detailsLoading')}</p>;
  if (campaign.isError) return <p className="mt-2 text-danger">{t('detailsFailed')}</p>;
  const { description, wager, ends_at: endsAt } = campaign.data;
  return (
    <div className="mt-2 space-y-1" data-testid="free-spin-details">
      {description ? <p>{description}</p> : null}
      <p className="text-muted">{t('wager', { wager: format.number(wager) })}</p>
      {endsAt ? (
        <p className="text-muted">{t('campaignEnds', { date: format.dateTime(endsAt, timeZone) })}</p>
      ) : null}
    </div>
  );
}
