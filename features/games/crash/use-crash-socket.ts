'use client';

import { useEffect } from 'react';
import { realtimeConnection, type RealtimeConnection } from '@/lib/realtime/connection';
import { checkCrashMessage } from './crash-message-check';
import { useCrashRoundStore } from './crash-round-store';

/** The round's topic on the realtime hub (server/modules/crash/engine.ts `CRASH_TOPIC`). */
export const CRASH_TOPIC = 'crash';

/**
 * Follows the live round while mounted, into the round store, on the page's one connection to the crash
 * service's realtime hub (lib/realtime/connection.ts, at the crash service's address, spec section 7): the
 * topic's snapshot first, then each change of the round. When the connection drops the store says
 * `reconnecting`; the connection comes back after 1 s, 2 s, 4 s… up to 10 s with jitter and follows the
 * topic again, whose fresh snapshot replaces what the page held. Unmounting stops following it (the
 * connection closes when no topic is left). Messages are checked against the contract without zod
 * (crash-message-check.ts: the hub's `topic` and any other extra key ignored), as they come and in
 * their order; unknown or malformed messages are dropped.
 */
export function useCrashSocket({ connection }: { connection?: RealtimeConnection } = {}): void {
  useEffect(() => {
    useCrashRoundStore.getState().reset();
    const hub = connection ?? realtimeConnection('crash');
    let following = true;
    const leave = hub.subscribe(CRASH_TOPIC, (event) => {
      if (!following) return;
      const message = checkCrashMessage(event);
      if (message) useCrashRoundStore.getState().receive(message, Date.now());
    });
    const unwatch = hub.onState((state) => {
      // An open connection is `live` only with the topic's snapshot (crash-round.ts).
      if (state !== 'open') useCrashRoundStore.getState().setConnection(state);
    });
    return () => {
      following = false;
      unwatch();
      leave();
    };
  }, [connection]);
}
