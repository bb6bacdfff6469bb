'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { sportsKeys } from '../api/query-keys';
import { sportsMessage } from '../api/replies';
import { applyEventPatch, applyPatchToSlip } from './patch';

/**
 * Follows a sports topic of the general service (`sports` for the lists, `sports:<id>` for an event page)
 * while mounted: every event patch goes into the query cache and the slip's odds. After a reconnection
 * (a second snapshot) the lists and events are asked for again, since changes may have been missed.
 * Returns the connection's state.
 */
export function useSportsLive(topic: string | null) {
  const client = useQueryClient();
  const snapshots = useRef(0);
  return useRealtimeTopic('general', topic, (event: RealtimeEvent) => {
    const message = sportsMessage(event);
    if (!message) return;
    if (message.type === 'snapshot') {
      snapshots.current += 1;
      if (snapshots.current > 1) {
        void client.invalidateQueries({ queryKey: sportsKeys.eventLists });
        void client.invalidateQueries({ queryKey: sportsKeys.eventDetails });
        void client.invalidateQueries({ queryKey: sportsKeys.menu });
      }
      return;
    }
    applyEventPatch(client, message.event);
    applyPatchToSlip(message.event);
  });
}
