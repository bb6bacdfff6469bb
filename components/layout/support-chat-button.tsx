'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button-styles';
import { capture } from '@/lib/analytics';
import { SUPPORT_CHAT_BUTTON_OFFSET_PX } from '@/lib/constants/ui';
import { Link } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { useSessionStore } from '@/lib/stores/session-store';

type ChatWindow = Window & { Intercom?: (command: 'show') => void };

/**
 * The fixed support-chat button, 20 px from the right and bottom edges (spec section 2). It opens the
 * chat provider's messenger when its script has loaded; otherwise it says the chat is unavailable and
 * offers the FAQ. The click is reported with the user id, 0 for a guest (spec section 6).
 */
export function SupportChatButton() {
  const t = useTranslations('supportChat');
  const userId = useSessionStore((state) => state.user?.id ?? 0);
  const [fallbackOpen, setFallbackOpen] = useState(false);

  function open() {
    capture('support_click', { user_id: userId });
    const chat = (window as ChatWindow).Intercom;
    if (typeof chat === 'function') chat('show');
    else setFallbackOpen(true);
  }

  return (
    <>
      <button
        type="button"
        onClick={open}
        aria-label={t('open')}
        data-testid="support-chat-button"
        style={{ right: SUPPORT_CHAT_BUTTON_OFFSET_PX, bottom: SUPPORT_CHAT_BUTTON_OFFSET_PX }}
        className="fixed z-30 grid h-14 w-14 place-items-center rounded-full bg-gold text-ink shadow-lg transition hover:bg-gold-dark"
      >
        <svg viewBox="0 0 24 24" className="h-7 w-7" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2Zm3 6a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Zm5 0a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
          />
        </svg>
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
        <Link href={ROUTES.faq} className={`${buttonClass.primary} mt-5 w-full`} onClick={() => setFallbackOpen(false)}>
          {t('faq')}
        </Link>
      </Dialog>
    </>
  );
}
