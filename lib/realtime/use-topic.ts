'use client';

import { useEffect, useRef, useState } from 'react';
import type { ApiService } from '@/lib/api/base-url';
import { realtimeConnection, type ConnectionState, type RealtimeEvent } from './connection';

/**
 * Follows a realtime topic of a service while the component is mounted (and `enabled`): `onEvent` gets
 * the topic's snapshot first (again after every reconnection), then its events. Returns the
 * connection's state, for a "reconnecting…" note.
 */
export function useRealtimeTopic(
  service: ApiService,
  topic: string | null,
  onEvent: (event: RealtimeEvent) => void,
): ConnectionState {
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  const [state, setState] = useState<ConnectionState>('connecting');
  useEffect(() => {
    if (!topic) return;
    const connection = realtimeConnection(service);
    const leave = connection.subscribe(topic, (event) => handler.current(event));
    const unwatch = connection.onState(setState);
    return () => {
      unwatch();
      leave();
    };
  }, [service, topic]);
  return state;
}
