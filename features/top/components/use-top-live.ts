'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { topKeys } from '../api/top-api';
import { TOP_REFRESH_MS, TOP_TOPIC } from '../constants';

/**
 * Follows the `top` topic while mounted: when it says `changed`, the board shown is asked for again, at most
 * once every {@link TOP_REFRESH_MS} (several changes in between make one refresh at the end of the wait).
 */
export function useTopLive() {
  const client = useQueryClient();
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return useRealtimeTopic('general', TOP_TOPIC, (event: RealtimeEvent) => {
    if (event.type !== 'changed' || timer.current) return;
    const wait = Math.max(0, last.current + TOP_REFRESH_MS - Date.now());
    timer.current = setTimeout(() => {
      timer.current = null;
      last.current = Date.now();
      void client.invalidateQueries({ queryKey: topKeys.all });
    }, wait);
  });
}
