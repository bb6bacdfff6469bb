'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';
import { bonusActivationsQueryOptions, isCancellable } from '../api/get-bonus-activations';
import { useCancelBonus } from '../api/cancel-bonus';
import { CancellableList, ItemCard } from './cancellable-list';
import { STATUS_BADGE } from './status-badge';
import { WagerProgress } from './wager-progress';

/**
 * /profile/bonuses: the user's bonuses with their status, amount, wagering progress and, for waiting
 * ones, until when the deposit is awaited. Waiting and active bonuses can be cancelled after a
 * confirmation that warns the bonus balance is forfeited; the list is then fetched again.
 */
export function BonusList() {
  const t = useTranslations('bonuses.mine');
  const format = useFormat();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const list = useQuery(bonusActivationsQueryOptions());
  const cancel = useCancelBonus();

  return (
    <CancellableList
      namespace="bonuses.mine"
      testIdPrefix="bonuses"
      dialogTestId="bonus-cancel-dialog"
      list={list}
      cancel={cancel}
      idOf={(item) => item.id}
      emptyAction={
        <Link href={ROUTES.bonuses} className={buttonClass.primary}>
          {t('findBonus')}
        </Link>
      }
      dialogTitle={(item) => t('cancelTitle', { name: item?.name ?? '' })}
      dialogWarning={(item) =>
        item?.status === 'active'
          ? t('cancelWarningActive', { amount: format.money(item.amount, item.currency) })
          : t('cancelWarningWaiting')
      }
      renderItem={(item, askCancel) => (
        <ItemCard
          key={item.id}
          testId="bonus-item"
          title={item.name}
          titleTestId="bonus-name"
          subtitle={t(`source.${item.source}`)}
          badge={t(`status.${item.status}`)}
          badgeClass={STATUS_BADGE[item.status]}
          badgeTestId="bonus-status"
          facts={[
            {
              label: t('amount'),
              value: format.money(item.amount, item.currency),
              className: 'text-right font-semibold tabular-nums',
              testId: 'bonus-amount',
            },
            {
              label: t('wager'),
              value: t('wagerValue', { wager: format.number(item.wager) }),
              className: 'text-right tabular-nums',
            },
          ]}
        >
          {item.wager_required > 0 ? (
            <div className="mt-3">
              <WagerProgress wagered={item.wagered} required={item.wager_required} currency={item.currency} />
            </div>
          ) : null}
          {item.status === 'waiting' ? (
            <p className="mt-3 text-sm" data-testid="bonus-expiry">
              {t('depositBy', {
                date: format.dateTime(list.dataUpdatedAt + item.expires_in * 1000, timeZone),
                minDeposit: format.money(item.min_deposit, item.currency),
              })}
            </p>
          ) : null}
          {isCancellable(item) ? (
            <button
              type="button"
              className={`${buttonClass.secondary} mt-4`}
              onClick={askCancel}
              aria-haspopup="dialog"
              data-testid="bonus-cancel"
            >
              {t('cancel')}
            </button>
          ) : null}
        </ItemCard>
      )}
    />
  );
}
