'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { useClientSession } from '@/lib/stores/use-client-session';
import { MyBets } from '../bets/my-bets';
import { SlipContent } from './slip-content';
import { SlipLive } from './slip-live';
import { useSlipStore } from './slip-store';

/** Where the slip is a column beside the page rather than a drawer (Tailwind's `lg`). */
const DESKTOP = '(min-width: 1024px)';

type PanelTab = 'slip' | 'bets';

const subscribeDesktop = (onChange: () => void) => {
  const query = window.matchMedia?.(DESKTOP);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
};

/** Whether the window is wide enough for the column (false on the server and while hydrating). */
function useIsDesktop(): boolean {
  return useSyncExternalStore(
    subscribeDesktop,
    () => window.matchMedia?.(DESKTOP).matches ?? false,
    () => false,
  );
}

/**
 * The bet slip of /betting (issue 18), rendered by the betting layout beside its pages. From 1024 px it is
 * a sticky column with two tabs, the slip and the player's bets; on a phone a floating "Bet slip · N"
 * button above the bottom edge opens the same panel as a bottom sheet (a dialog: focus kept inside,
 * Escape closes it). The slip is kept in localStorage: what it holds is shown from the first render after
 * hydration on, so the server's HTML and the hydrating render agree. While mounted it follows the odds of
 * every event it holds.
 */
export function BetSlip() {
  const t = useTranslations('sportsSlip');
  const { ready, isLoggedIn } = useClientSession();
  const count = useSlipStore((state) => state.selections.length);
  const open = useSlipStore((state) => state.open);
  const setOpen = useSlipStore((state) => state.setOpen);
  const [tab, setTab] = useState<PanelTab>('slip');
  const desktop = useIsDesktop();

  // The drawer closes when the window grows into the column layout (the column shows the same).
  useEffect(() => {
    if (desktop) useSlipStore.getState().setOpen(false);
  }, [desktop]);

  const shown = ready ? count : 0;
  const panel = <Panel tab={tab} onTab={setTab} count={shown} ready={ready} isLoggedIn={isLoggedIn} />;
  return (
    <>
      <aside
        className="hidden min-w-0 rounded-2xl border border-line bg-panel p-4 lg:sticky lg:top-20 lg:block lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto"
        aria-label={t('panel')}
        data-testid="bet-slip"
      >
        {panel}
      </aside>
      <div className="h-20 lg:hidden" aria-hidden="true" />
      <button
        type="button"
        className="fixed bottom-5 left-4 right-24 z-30 mx-auto flex min-h-12 max-w-xs items-center justify-center rounded-full bg-gold px-4 font-semibold text-ink shadow-lg hover:bg-gold-dark lg:hidden"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        data-testid="bet-slip-button"
      >
        {t('openButton', { count: shown })}
      </button>
      <Dialog
        open={open && !desktop}
        onOpenChange={setOpen}
        title={t('title')}
        closeLabel={t('close')}
        testId="bet-slip-sheet"
      >
        <div className="mt-4">{panel}</div>
      </Dialog>
      {ready ? <SlipLive /> : null}
    </>
  );
}

function Panel({
  tab,
  onTab,
  count,
  ready,
  isLoggedIn,
}: {
  tab: PanelTab;
  onTab: (tab: PanelTab) => void;
  count: number;
  ready: boolean;
  isLoggedIn: boolean;
}) {
  const t = useTranslations('sportsSlip');
  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label={t('panel')}
        className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-panel-2 p-1"
      >
        {(['slip', 'bets'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            onClick={() => onTab(name)}
            className={`min-h-9 min-w-0 truncate rounded-lg px-2 text-sm font-semibold ${tab === name ? 'bg-gold text-ink' : 'text-muted hover:text-white'}`}
            data-testid={`bet-slip-tab-${name}`}
          >
            {name === 'slip' ? (count > 0 ? t('tabSlipCount', { count }) : t('tabSlip')) : t('tabMyBets')}
          </button>
        ))}
      </div>
      {tab === 'bets' ? (
        <MyBets />
      ) : ready ? (
        <SlipContent isLoggedIn={isLoggedIn} />
      ) : (
        <p className="py-8 text-center text-sm text-muted" aria-busy="true">
          {t('loading')}
        </p>
      )}
    </div>
  );
}
