import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactElement } from 'react';
import { Notifications } from '@/components/ui/notifications';
import { useModalStore } from '@/lib/stores/modal-store';
import { useNotificationStore } from '@/lib/stores/notification-store';
import messages from '@/messages/en.json';

/** A query client for one test: no retries, so a failure shows at once. */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000 }, mutations: { retry: false } },
  });

/**
 * Renders `ui` as the app would: English messages, a fresh query client and the notification stack,
 * so tests can look for notifications by role. Clears notifications and modals left by earlier tests.
 */
export function renderWithApp(
  ui: ReactElement,
  { queryClient = testQueryClient() }: { queryClient?: QueryClient } = {},
) {
  act(() => {
    useNotificationStore.setState({ items: [] });
    useModalStore.getState().closeAll();
  });
  const result = render(
    <NextIntlClientProvider locale="en" messages={messages} timeZone="UTC">
      <QueryClientProvider client={queryClient}>
        {ui}
        <Notifications closeLabel="Close" />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return { ...result, queryClient };
}
