'use client';

import { useEffect } from 'react';
import { realtimeConnection, type RealtimeConnection } from '@/lib/realtime/connection';
import { useCrashRoundStore } from './crash-round-store';

/** The round's topic on the realtime hub (server/modules/crash/engine.ts `CRASH_TOPIC`). */
export const CRASH_TOPIC = 'crash';

/**
 * Follows the live round while mounted, into the round store, on the page's one connection to the crash
 * service's realtime hub (lib/realtime/connection.ts, at the crash service's address, spec section 7): the
 * topic's snapshot first, then each change of the round. When the connection drops the store says
 * `reconnecting`; the connection comes back after 1 s, 2 s, 4 s… up to 10 s with jitter and follows the
 * topic again, whose fresh snapshot replaces what the page held. Unmounting stops following it (the
 * connection closes when no topic is left). Messages are parsed with the contract's non-strict schema
 * (the hub's `topic` and any other extra key ignored), which loads with zod beside the connection, not
 * with the page; unknown messages are dropped, and the order of the others is kept.
 */
export function useCrashSocket({ connection }: { connection?: RealtimeConnection } = {}): void {
  useEffect(() => {
    useCrashRoundStore.getState().reset();
    const hub = connection ?? realtimeConnection('crash');
    const schema = import('@/lib/contracts/crash').then((contract) => contract.crashMessage);
    let following = true;
    const leave = hub.subscribe(CRASH_TOPIC, (event) => {
      const receivedAt = Date.now();
      // Every message waits for the same promise: they are handled in the order they came.
      void schema.then((crashMessage) => {
        if (!following) return;
        const parsed = crashMessage.safeParse(event);
        if (parsed.success) useCrashRoundStore.getState().receive(parsed.data, receivedAt);
      });
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
