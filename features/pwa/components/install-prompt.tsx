'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import {
  countVisit,
  hideInstallPromptForever,
  isInstallPromptHidden,
  isIosSafari,
  shouldOfferInstall,
  takeCapturedInstallPrompt,
  type BeforeInstallPromptEvent,
} from '@/lib/pwa/install-prompt';
import { MODAL, selectIsAnyModalOpen, useModalStore } from '@/lib/stores/modal-store';

const storage = (kind: 'localStorage' | 'sessionStorage'): Storage | null => {
  try {
    return window[kind];
  } catch {
    return null;
  }
};

/**
 * The install offer (spec section 4 "Install prompt"): from the second visit or after a deposit, when no
 * dialog is open. Chromium's prompt on "Install"; on iOS Safari (no prompt) the add-to-home-screen hint.
 * "Not now" hides it for this page; "Don't show again" for good (the flag in local storage).
 */
export function InstallPrompt() {
  const t = useTranslations('pwa.install');
  // Rendered in the browser only (PwaLoader loads it with `ssr: false`), so storage is read at once.
  const [initial] = useState(() => {
    const local = storage('localStorage');
    const visits = countVisit(local, storage('sessionStorage'));
    const hidden = isInstallPromptHidden(local);
    return {
      hidden,
      ios: isIosSafari(navigator.userAgent, (navigator as { standalone?: boolean }).standalone),
      eligible: shouldOfferInstall({ hidden, visits, deposited: false }),
    };
  });
  const [prompt, setPrompt] = useState<BeforeInstallPromptEvent | null>(() =>
    initial.hidden ? null : takeCapturedInstallPrompt(),
  );
  const [eligible, setEligible] = useState(initial.eligible);
  const [closed, setClosed] = useState(initial.hidden);
  const ios = initial.ios;
  const dialogOpen = useModalStore(selectIsAnyModalOpen);

  useEffect(() => {
    if (initial.hidden) return;
    const onPrompt = (event: Event) => {
      event.preventDefault();
      setPrompt(event as BeforeInstallPromptEvent);
    };
    const onInstalled = () => setClosed(true);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    // After a deposit (the success dialog), the offer comes once that dialog closes.
    const unsubscribe = useModalStore.subscribe((state) => {
      if (state.openModals.includes(MODAL.SuccessPayment)) setEligible(true);
    });
    return () => {
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
      unsubscribe();
    };
  }, [initial.hidden]);

  if (closed || !eligible || dialogOpen || (!prompt && !ios)) return null;

  const never = () => {
    hideInstallPromptForever(storage('localStorage'));
    setClosed(true);
  };
  const install = async () => {
    if (!prompt) return;
    setClosed(true);
    await prompt.prompt().catch(() => {});
    setPrompt(null);
  };

  return (
    <section
      aria-labelledby="install-prompt-title"
      data-testid="install-prompt"
      className="fixed inset-x-2 bottom-2 z-50 mx-auto max-w-md rounded-xl border border-line bg-panel-2 p-4 text-sm shadow-lg sm:bottom-4"
      style={{ marginBottom: 'env(safe-area-inset-bottom)' }}
    >
      <h2 id="install-prompt-title" className="font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-muted">{ios ? t('iosHint') : t('text')}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {ios ? null : (
          <button type="button" className={buttonClass.primary} onClick={() => void install()}>
            {t('accept')}
          </button>
        )}
        <button type="button" className={buttonClass.secondary} onClick={() => setClosed(true)}>
          {t('later')}
        </button>
        <button type="button" className={buttonClass.ghost} onClick={never}>
          {t('never')}
        </button>
      </div>
    </section>
  );
}
