'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useId, useState, type KeyboardEvent } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import type { FairGame } from '@/lib/contracts/games';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { formatValidationErrors } from '@/lib/validation-errors';
import { notify } from '@/lib/stores/notification-store';
import type { RotateSeedReply } from '../api/rotate-seed';
import { useClientSession } from '@/lib/stores/use-client-session';
import { SeedPairSection } from './seed-pair-section';
import { useRotateSeed } from './use-seed-actions';
import { ManualVerify, PastBetVerify } from './verify-section';

type Tab = 'seeds' | 'verify';
type VerifyMode = 'bet' | 'manual';

/**
 * The fairness panel of every provably fair game: the active seed pair, a new client seed, the rotation
 * that reveals the server seed, and the verification of any past bet (or seeds typed by hand) computed
 * in the browser with `lib/fair`. A guest can only verify by hand. Opened with `betId`, it goes straight
 * to that bet's verification.
 */
export function FairnessPanel({
  game,
  open,
  onOpenChange,
  betId,
}: {
  game?: FairGame;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  betId?: number;
}) {
  const t = useTranslations('games.fair');
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('title')}
      description={t('description')}
      closeLabel={t('close')}
      testId="fairness-panel"
    >
      {open ? <PanelBody key={betId ?? 'none'} game={game} betId={betId} /> : null}
    </Dialog>
  );
}

function PanelBody({ game, betId }: { game?: FairGame; betId?: number }) {
  const t = useTranslations('games.fair');
  const { isLoggedIn } = useClientSession();
  const translator = useErrorTranslator();
  const [tab, setTab] = useState<Tab>(betId !== undefined || !isLoggedIn ? 'verify' : 'seeds');
  const [mode, setMode] = useState<VerifyMode>(isLoggedIn ? 'bet' : 'manual');
  const [rotated, setRotated] = useState<RotateSeedReply | null>(null);
  const rotate = useRotateSeed();
  const baseId = useId();
  const tabs: Tab[] = isLoggedIn ? ['seeds', 'verify'] : ['verify'];
  const activeTab = tabs.includes(tab) ? tab : 'verify';
  const activeMode: VerifyMode = isLoggedIn ? mode : 'manual';

  const revealedSeeds: Record<string, string> = rotated
    ? { [rotated.previous.server_seed_hash]: rotated.previous.server_seed }
    : {};

  const rotateFromVerify = useCallback(() => {
    rotate.mutate(undefined, {
      onSuccess: setRotated,
      onError: (failure) => {
        const errors = validationErrorsOf(failure);
        if (errors) {
          const text = formatValidationErrors(errors, translator);
          if (text) notify({ kind: 'error', text });
        } else notifyRequestError(failure, translator);
      },
    });
  }, [rotate, translator]);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const next =
      tabs[(tabs.indexOf(activeTab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    setTab(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="mt-4">
      {tabs.length > 1 ? (
        <div
          role="tablist"
          aria-label={t('title')}
          className="mb-4 grid grid-cols-2 gap-1 rounded-xl bg-panel-2 p-1"
        >
          {tabs.map((name) => (
            <button
              key={name}
              id={`${baseId}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={activeTab === name}
              aria-controls={`${baseId}-panel-${name}`}
              tabIndex={activeTab === name ? 0 : -1}
              onClick={() => setTab(name)}
              onKeyDown={onTabKey}
              className={`min-h-10 rounded-lg text-sm font-semibold transition ${
                activeTab === name ? 'bg-gold text-ink' : 'text-muted hover:text-white'
              }`}
            >
              {t(`tabs.${name}`)}
            </button>
          ))}
        </div>
      ) : null}

      <div
        id={`${baseId}-panel-${activeTab}`}
        role={tabs.length > 1 ? 'tabpanel' : undefined}
        aria-labelledby={tabs.length > 1 ? `${baseId}-tab-${activeTab}` : undefined}
      >
        {activeTab === 'seeds' ? (
          <SeedPairSection rotated={rotated} onRotated={setRotated} />
        ) : (
          <div className="space-y-4">
            {isLoggedIn ? (
              <fieldset className="grid grid-cols-2 gap-1 rounded-xl bg-panel-2 p-1">
                <legend className="sr-only">{t('verifyMode')}</legend>
                {(['bet', 'manual'] as const).map((name) => (
                  <label
                    key={name}
                    className={`flex min-h-10 cursor-pointer items-center justify-center rounded-lg text-sm font-semibold has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
                      activeMode === name ? 'bg-gold text-ink' : 'text-muted'
                    }`}
                  >
                    <input
                      type="radio"
                      name={`${baseId}-mode`}
                      value={name}
                      checked={activeMode === name}
                      onChange={() => setMode(name)}
                      className="sr-only"
                    />
                    {t(`modes.${name}`)}
                  </label>
                ))}
              </fieldset>
            ) : (
              <p className="text-sm text-muted" data-testid="fair-guest-hint">
                {t('guestHint')}
              </p>
            )}
            {activeMode === 'bet' ? (
              <PastBetVerify
                game={betId === undefined ? game : undefined}
                betId={betId}
                revealedSeeds={revealedSeeds}
                onRotate={rotateFromVerify}
                rotating={rotate.isPending}
              />
            ) : (
              <ManualVerify game={game} />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
