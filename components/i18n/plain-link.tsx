'use client';

import NextLink from 'next/link';
import type { ComponentProps } from 'react';

/**
 * Next's `Link` without the prefetch when it scrolls into view: the route is prefetched when the player
 * reaches for the link (components/layout/intent-prefetch.tsx). Set here, in the browser, rather than as a
 * prop of each server-rendered link, which would be sent with every one of them in the RSC payload.
 */
export function PlainLink(props: Omit<ComponentProps<typeof NextLink>, 'prefetch'>) {
  return <NextLink {...props} prefetch={false} />;
}
