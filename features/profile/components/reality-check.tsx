'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { buttonClass } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/dialog';
import { isCurrency } from '@/lib/constants/currencies';
import type { SessionInfo } from '@/lib/contracts/protection';
import { Link } from '@/lib/i18n/navigation';
import { useFormat } from '@/lib/i18n/use-format';
import { ROUTES } from '@/lib/routes';
import { logout } from '@/lib/session/logout';
import { sessionInfoQuery } from '../api/get-session-info';

/**
 * How often the due times are compared with the clock: a short interval keeps working across a device
 * that slept or a background tab whose long timeouts were throttled, where one long timeout would not.
 */
export const REALITY_CHECK_TICK_MS = 10_000;

type Reminder = { kind: 'check' | 'limit'; info: SessionInfo };

/**
 * The reality check (issue 15), for a signed-in player (reality-check-loader.tsx mounts it): every N
 * minutes of the log-in session (N: the player's reality-check interval, counted from the session's
 * start, so a reload keeps the rhythm) it opens a dialog with the time played and the net result of the
 * session, read fresh from `GET /api/v2/profile/session`, offering to continue, to see the history or to
 * log out. When the player's session limit is reached it says so (bets and deposits are then refused
 * until they log in again). Without an interval or a session limit it only reads the session once.
 */
export function RealityCheck() {
  const queryClient = useQueryClient();
  const { data: info } = useQuery(sessionInfoQuery());
  const [reminder, setReminder] = useState<Reminder | null>(null);
  const [open, setOpen] = useState(false);
  /** The session whose limit was already announced. */
  const limitShownFor = useRef<string | null>(null);

  const remind = useCallback(
    async (kind: Reminder['kind']) => {
      let fresh: SessionInfo;
      try {
        fresh = await queryClient.fetchQuery(sessionInfoQuery());
      } catch {
        return; // signed out or offline: no reminder
      }
      if (kind === 'check' && fresh.reality_check_minutes === null) return;
      setReminder({ kind, info: fresh });
      setOpen(true);
    },
    [queryClient],
  );

  useEffect(() => {
    if (!info) return;
    // The server's clock decides; the browser's may be off.
    const offset = Date.now() - Date.parse(info.now);
    const started = Date.parse(info.started_at) + offset;
    const every = info.reality_check_minutes === null ? null : info.reality_check_minutes * 60_000;
    const end = info.ends_at === null ? null : Date.parse(info.ends_at) + offset;
    let next = every === null ? null : started + (Math.floor((Date.now() - started) / every) + 1) * every;
    const tick = () => {
      const now = Date.now();
      // Once the session limit is reached it is said once; no more reality checks in this session.
      if (end !== null && now >= end) {
        if (limitShownFor.current !== info.started_at) {
          limitShownFor.current = info.started_at;
          void remind('limit');
        }
        return;
      }
      if (next !== null && every !== null && now >= next) {
        while (next <= now) next += every;
        void remind('check');
      }
    };
    tick();
    const timer = setInterval(tick, REALITY_CHECK_TICK_MS);
    return () => clearInterval(timer);
  }, [info, remind]);

  if (!reminder) return null;
  return (
    // The dialog's texts are not part of any page: they load with its first opening.
    <LazyMessages namespaces={['realityCheck']}>
      <RealityCheckDialog
        reminder={reminder}
        open={open}
        onOpenChange={setOpen}
        onLogout={() => {
          setOpen(false);
          void logout(queryClient);
        }}
      />
    </LazyMessages>
  );
}

function RealityCheckDialog({
  reminder: { kind, info },
  open,
  onOpenChange,
  onLogout,
}: {
  reminder: Reminder;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onLogout: () => void;
}) {
  const t = useTranslations('realityCheck');
  const format = useFormat();
  const hours = Math.floor(info.minutes_played / 60);
  const minutes = info.minutes_played % 60;
  const time = hours > 0 ? t('durationHours', { hours, minutes }) : t('durationMinutes', { minutes });
  const currency = isCurrency(info.currency) ? info.currency : 'RUB';
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'limit' ? t('limitTitle') : t('title')}
      closeLabel={t('close')}
      testId="reality-check"
    >
      <div className="mt-4 space-y-2" data-kind={kind}>
        {kind === 'limit' ? (
          <p data-testid="reality-check-limit">{t('limitText', { minutes: info.session_minutes ?? 0 })}</p>
        ) : null}
        <p data-testid="reality-check-time">{t('played', { time })}</p>
        <p className="font-semibold tabular-nums" data-testid="reality-check-net">
          {t('net', { amount: format.signedMoney(info.net_result, currency) })}
        </p>
        <p className="text-sm text-muted">{t('netHint')}</p>
      </div>
      <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {kind === 'check' ? (
          <button type="button" className={buttonClass.primary} onClick={close}>
            {t('continue')}
          </button>
        ) : null}
        <Link href={ROUTES.profileHistory} className={buttonClass.secondary} onClick={close}>
          {t('history')}
        </Link>
        <button type="button" className={buttonClass.ghost} onClick={onLogout}>
          {t('logout')}
        </button>
      </div>
    </Dialog>
  );
}
