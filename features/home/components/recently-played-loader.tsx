'use client';

import dynamic from 'next/dynamic';
import { useClientSession } from '@/lib/stores/use-client-session';
import type { RecentlyPlayedText } from './recently-played';
import { inTurn } from '@/lib/shared-modules';

const RecentlyPlayed = dynamic(
  () => inTurn(() => import('./recently-played')).then((module) => module.RecentlyPlayed),
  {
    ssr: false,
  },
);

/**
 * The signed-in player's "Recently played" row. A guest gets nothing, not even the row's code: it is
 * loaded only once the browser knows the visitor is signed in.
 */
export function RecentlyPlayedLoader({ text }: { text: RecentlyPlayedText }) {
  const { isLoggedIn } = useClientSession();
  return isLoggedIn ? <RecentlyPlayed text={text} /> : null;
}
