'use client';

import { useTranslations } from 'next-intl';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button-styles';
import { capture } from '@/lib/analytics';
import { SUPPORT_CHAT_BUTTON_OFFSET_PX } from '@/lib/constants/ui';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';
import { showMessenger } from '../lib/messenger';
import { useSupportChatStore } from '../stores/support-chat-store';
import { inTurn } from '@/lib/shared-modules';

const SupportChatRunner = lazy(() =>
  inTurn(() => import('./support-chat-runner')).then((module) => ({ default: module.SupportChatRunner })),
);

/**
 * The fixed support-chat button, 20 px from the right and bottom edges (spec section 2), with the
 * provider's button image when it has one. It opens the messenger; used before the chat has loaded it
 * loads it and opens it when ready. Without a chat (none configured, or it failed) it says the chat is
 * unavailable and offers the FAQ. The click is reported with the user id, 0 for a guest (spec section 6).
 */
export function SupportChatButton() {
  const t = useTranslations('supportChat');
  const userId = useSessionStore((state) => state.user?.id ?? 0);
  const { status, variant, buttonImageUrl, open } = useSupportChatStore();
  const [requested, setRequested] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [fallbackOpen, setFallbackOpen] = useState(false);
  const [imageFailed, setImageFailed] = useState(false);

  // Used before the chat was ready: open it (or the FAQ offer) once it has started or failed.
  useEffect(() => {
    if (!waiting) return;
    return useSupportChatStore.subscribe(({ status: next }) => {
      if (next === 'ready') {
        setWaiting(false);
        if (!showMessenger()) setFallbackOpen(true);
      } else if (next === 'failed' || next === 'off') {
        setWaiting(false);
        setFallbackOpen(true);
      }
    });
  }, [waiting]);

  function onClick() {
    capture('support_click', { user_id: userId });
    if (status === 'ready' && showMessenger()) return;
    if (status === 'failed' || status === 'off') {
      setFallbackOpen(true);
      return;
    }
    setRequested(true);
    setWaiting(true);
  }

  return (
    <>
      <Suspense fallback={null}>
        <SupportChatRunner requested={requested} />
      </Suspense>
      <button
        type="button"
        onClick={onClick}
        aria-label={waiting ? t('opening') : t('open')}
        aria-busy={waiting}
        aria-expanded={open}
        data-testid="support-chat-button"
        data-chat-status={status}
        data-chat-variant={variant ?? 'none'}
        style={{ right: SUPPORT_CHAT_BUTTON_OFFSET_PX, bottom: SUPPORT_CHAT_BUTTON_OFFSET_PX }}
        className={`fixed z-30 grid h-14 w-14 place-items-center overflow-hidden rounded-full bg-gold text-ink shadow-lg transition hover:bg-gold-dark ${waiting ? 'animate-pulse' : ''}`}
      >
        {buttonImageUrl && !imageFailed ? (
          // The provider's own image (spec section 7), not a page asset: no Next image optimisation.
          // eslint-disable-next-line @next/next/no-img-element
          <img
            src={buttonImageUrl}
            alt=""
            className="h-full w-full object-cover"
            onError={() => setImageFailed(true)}
            data-testid="support-chat-image"
          />
        ) : (
          <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
            />
          </svg>
        )}
      </button>
      <Dialog
        open={fallbackOpen}
        onOpenChange={setFallbackOpen}
        title={t('title')}
        description={t('unavailable')}
        closeLabel={t('close')}
        testId="support-chat-fallback"
      >
        <p className="mt-3 text-sm text-muted">{t('alternatives')}</p>
        <Link
          href={ROUTES.faq}
          className={`${buttonClass.primary} mt-5 w-full`}
          onClick={() => setFallbackOpen(false)}
        >
          {t('faq')}
        </Link>
      </Dialog>
    </>
  );
}
