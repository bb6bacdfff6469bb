'use client';

import { useTranslations } from 'next-intl';
import { createContext, useCallback, useContext, useId, useState, type ReactNode } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { LazyFairnessPanel } from '@/features/games/fair/lazy-fairness-panel';
import type { FairGame } from '@/lib/contracts/games';
import { useFormat } from '@/lib/i18n/use-format';
import { useGameLimits } from '../../api/get-game-limits';

/** Opens the game's fairness panel, on a past bet when given its id (recent bets use it). */
const FairnessContext = createContext<((betId?: number) => void) | null>(null);
export const useOpenFairness = () => useContext(FairnessContext);

/**
 * The frame of a game: the controls beside the stage (stacked under it on a phone, ≤ 640 px), the bet
 * limits in the player's currency (also for guests) and the Fairness button that opens the fairness
 * panel. `footer` goes under both (recent bets).
 */
export function GameLayout({
  game,
  title,
  controls,
  children,
  footer,
}: {
  game: FairGame;
  title: string;
  controls: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = useTranslations('games.shared');
  const format = useFormat();
  const limits = useGameLimits(game);
  const [fairness, setFairness] = useState<{ open: boolean; betId?: number }>({ open: false });
  const openFairness = useCallback((betId?: number) => setFairness({ open: true, betId }), [setFairness]);
  const headingId = useId();

  return (
    <FairnessContext.Provider value={openFairness}>
      <section aria-labelledby={headingId} data-game={game} data-testid={`game-${game}`}>
        <h2 id={headingId} className="sr-only">
          {title}
        </h2>
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-muted" data-testid="game-limits">
            {t('limits', {
              min: format.money(limits.min, limits.currency),
              max: format.money(limits.max, limits.currency),
            })}
          </p>
          <button
            type="button"
            className={`${buttonClass.secondary} text-sm`}
            aria-haspopup="dialog"
            onClick={() => openFairness()}
            data-testid="fairness-button"
          >
            <svg viewBox="0 0 24 24" className="mr-1.5 h-4 w-4" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5l-8-3Zm-1 14-4-4 1.4-1.4 2.6 2.6 5.6-5.6L18 9l-7 7Z"
              />
            </svg>
            {t('fairness')}
          </button>
        </div>
        <div className="grid gap-4 min-[641px]:grid-cols-[minmax(16rem,20rem)_1fr]">
          <div className="order-2 rounded-2xl border border-line bg-panel p-4 min-[641px]:order-1">
            {controls}
          </div>
          <div className="order-1 min-w-0 rounded-2xl border border-line bg-panel p-4 min-[641px]:order-2">
            {children}
          </div>
        </div>
        {footer ? <div className="mt-6">{footer}</div> : null}
        <LazyFairnessPanel
          game={game}
          open={fairness.open}
          betId={fairness.betId}
          onOpenChange={(open) =>
            setFairness((state) => ({ ...state, open, betId: open ? state.betId : undefined }))
          }
        />
      </section>
    </FairnessContext.Provider>
  );
}
