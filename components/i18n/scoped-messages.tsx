import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages } from '@/lib/i18n/pick-messages';

type Messages = Awaited<ReturnType<typeof getMessages>>;
type Namespace = keyof Messages;
/** A namespace, or one entry of one (`'auth.logout'`). */
export type MessagePath = Namespace | `${Namespace}.${string}`;

/**
 * Hands the client components below it the message namespaces (or single entries) they use, instead of
 * the ones above it (the root layout sends only its own list to the browser). A server component: the other namespaces never leave the server.
 */
export async function ScopedMessages({
  namespaces,
  children,
}: {
  namespaces: readonly MessagePath[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, namespaces)}>{children}</NextIntlClientProvider>
  );
}
