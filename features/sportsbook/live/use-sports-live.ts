'use client';

import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { sportsKeys } from '../api/query-keys';
import { sportsMessage } from '../api/replies';
import type { SportsEventPatch } from '../api/replies';
import { applyEventPatch, applyPatchToSlip } from './patch';

/**
 * Patches are applied together, at most this often: the feed sends one message per changed event, a
 * dozen at a time, and one render for all of them costs a phone far less than one render each.
 */
export const LIVE_FLUSH_MS = 1_000;

/**
 * Follows a sports topic of the general service (`sports` for the lists, `sports:<id>` for an event page)
 * while mounted: every event patch goes into the query cache and the slip's odds, the patches of each
 * LIVE_FLUSH_MS together. An event's snapshot
 * (with the event) replaces what the page had; after a reconnection of the lists' topic (a second snapshot
 * without an event) the lists and events are asked for again, since changes may have been missed.
 * Returns the connection's state.
 */
export function useSportsLive(topic: string | null) {
  const client = useQueryClient();
  const snapshots = useRef(0);
  const pending = useRef<SportsEventPatch[]>([]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const flush = () => {
    timer.current = null;
    const patches = pending.current;
    pending.current = [];
    notifyManager.batch(() => {
      for (const patch of patches) {
        applyEventPatch(client, patch);
        applyPatchToSlip(patch);
      }
    });
  };
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useRealtimeTopic('general', topic, (event: RealtimeEvent) => {
    const message = sportsMessage(event);
    if (!message) return;
    if (message.type === 'snapshot') {
      // Patches received before it are older than it: they go first.
      if (timer.current) {
        clearTimeout(timer.current);
        flush();
      }
      snapshots.current += 1;
      if (message.event) {
        // An event's topic starts with the event as it stands: the page, the lists and the slip take it.
        const { id, status, score, clock, markets } = message.event;
        client.setQueryData(sportsKeys.event(id), message.event);
        applyEventPatch(client, { id, status, score, clock, markets });
        applyPatchToSlip({ id, status, markets });
      } else if (snapshots.current > 1) {
        void client.invalidateQueries({ queryKey: sportsKeys.eventLists });
        void client.invalidateQueries({ queryKey: sportsKeys.eventDetails });
        void client.invalidateQueries({ queryKey: sportsKeys.menu });
      }
      return;
    }
    pending.current.push(message.event);
    timer.current ??= setTimeout(flush, LIVE_FLUSH_MS);
  });
}
