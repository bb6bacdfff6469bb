'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import type { SupportChatUser } from '@/lib/contracts/support';
import {
  SUPPORT_CHAT_LOAD_DELAY_MS,
  SUPPORT_CHAT_LOAD_TIMEOUT_MS,
  SUPPORT_CHAT_REFRESH_DELAY_MS,
} from '@/lib/constants/timing';
import { LOCALE_RECORDS, type Locale } from '@/lib/i18n/locales';
import { usePathname } from '@/lib/i18n/navigation';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import { getSupportChat, supportChatKeys } from '../api/get-support-chat';
import { refreshMessenger, startMessenger, stopMessenger, type MessengerSettings } from '../lib/messenger';
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
 * What runs the chat behind the button (features/support-chat/components/support-chat-button.tsx), in a
 * module of its own that the button loads after hydration: the API call and its schema stay off the first
 * load. Renders nothing.
 */
export function SupportChatRunner({ requested }: { requested: boolean }) {
  useSupportChat(requested);
  return null;
}
