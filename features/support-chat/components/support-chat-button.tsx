'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '@/components/ui/dialog';
import { buttonClass } from '@/components/ui/button-styles';
import { capture } from '@/lib/analytics';
import type { SupportChatUser } from '@/lib/contracts/support';
import {
  SUPPORT_CHAT_LOAD_DELAY_MS,
  SUPPORT_CHAT_LOAD_TIMEOUT_MS,
  SUPPORT_CHAT_REFRESH_DELAY_MS,
} from '@/lib/constants/timing';
import { SUPPORT_CHAT_BUTTON_OFFSET_PX } from '@/lib/constants/ui';
import { LOCALE_RECORDS, type Locale } from '@/lib/i18n/locales';
import { Link, usePathname } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import { getSupportChat, supportChatKeys } from '../api/get-support-chat';
import {
  refreshMessenger,
  showMessenger,
  startMessenger,
  stopMessenger,
  type MessengerSettings,
} from '../lib/messenger';
import { supportChatEvents, useSupportChatStore } from '../stores/support-chat-store';

/** The messenger's boot settings for a chat answer: the app, the player's chat user data, the language. */
export function messengerSettings(
  appId: string,
  user: SupportChatUser | null,
  locale: Locale,
): MessengerSettings {
  return {
    app_id: appId,
    ...(user ? { user_id: user.user_id } : {}),
    ...(user?.email ? { email: user.email } : {}),
    ...(user?.user_hash ? { user_hash: user.user_hash } : {}),
    language_override: LOCALE_RECORDS[locale].iso.split('-')[0],
    hide_default_launcher: true,
  };
}

/**
 * Runs the support chat: after the page has settled (or at once when the chat button is used) it asks
 * the API which chat serves the visitor's region (the KZ region gets the Kazakhstan variant, spec
 * section 9), loads that provider's script and boots it with the player's chat user data; it boots
 * again when the player or the region changes, and refreshes the messenger 250 ms after each
 * navigation. Every failure is logged only (spec section 8).
 */
function useSupportChat(requested: boolean) {
  const { ready: hydrated, isLoggedIn } = useClientSession();
  const region = useLocaleStore((state) => state.region);
  const userId = useSessionStore((state) => state.user?.id ?? null);
  const locale = useLocale() as Locale;
  const pathname = usePathname();
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (!hydrated) return;
    const timer = window.setTimeout(() => setSettled(true), SUPPORT_CHAT_LOAD_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [hydrated]);

  // A signed-in player's chat waits for the profile, so they are not booted as a guest first.
  const query = useQuery({
    queryKey: supportChatKeys.chat(region, isLoggedIn ? userId : 'guest'),
    queryFn: getSupportChat,
    enabled: hydrated && (settled || requested) && (!isLoggedIn || userId !== null || requested),
    staleTime: Infinity,
    retry: 1,
  });

  useEffect(() => {
    const chat = query.data;
    if (!chat) return;
    const set = useSupportChatStore.setState;
    const appId = chat.app_id;
    if (!appId || !chat.script_url) {
      stopMessenger();
      set({ status: 'off', variant: null, user: null, buttonImageUrl: null });
      return;
    }
    let active = true;
    set({ status: 'loading', variant: chat.variant, user: chat.user, buttonImageUrl: chat.button_image_url });
    startMessenger(
      chat.script_url,
      messengerSettings(appId, chat.user, locale),
      supportChatEvents,
      SUPPORT_CHAT_LOAD_TIMEOUT_MS,
    ).then(
      () => {
        if (active) set({ status: 'ready' });
      },
      (error: unknown) => {
        if (!active) return;
        console.error('support chat failed to initialise', error);
        set({ status: 'failed' });
      },
    );
    return () => {
      active = false;
    };
  }, [query.data, locale]);

  useEffect(() => {
    if (!query.error) return;
    console.error('support chat configuration failed to load', query.error);
    useSupportChatStore.setState({ status: 'failed' });
  }, [query.error]);

  // The provider goes when the layout does (the no-access page has no chat).
  useEffect(
    () => () => {
      stopMessenger();
      useSupportChatStore.setState({ status: 'idle', open: false });
    },
    [],
  );

  const firstPath = useRef(pathname);
  useEffect(() => {
    if (pathname === firstPath.current) return;
    firstPath.current = pathname;
    const timer = window.setTimeout(refreshMessenger, SUPPORT_CHAT_REFRESH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname]);
}

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
  useSupportChat(requested);

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
