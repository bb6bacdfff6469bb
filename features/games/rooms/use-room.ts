'use client';

import { useCallback, useReducer, useRef, useState } from 'react';
import type { Currency } from '@/lib/constants/currencies';
import { roomTopic, type RoomName } from '@/lib/constants/rooms';
import type { RoomMessage, RoomRound } from '@/lib/contracts/rooms';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { initialRoomState, roomReducer } from './room-state';

/** The contract (and zod) load with the first message, not with the page. */
const contract = () => import('@/lib/contracts/rooms');

/**
 * Follows a room's round in a currency over the realtime hub (`rooms:<room>:<currency>` on the crash
 * service's `/socket`): its snapshot first (again after every reconnection), then its events, each
 * checked against the contract in the order it came. Mount it with `key={currency}`: another room or
 * currency starts from nothing.
 */
export function useRoom(room: RoomName, currency: Currency) {
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const [broken, setBroken] = useState(false);

  const onEvent = useCallback((event: RealtimeEvent) => {
    const receivedAt = Date.now();
    queue.current = queue.current.then(async () => {
      const { roomMessage } = await contract();
      const parsed = roomMessage.safeParse(event);
      if (!parsed.success) {
        if (event.type !== 'error')
          console.warn('rooms: a message does not match the contract', parsed.error);
        else setBroken(true);
        return;
      }
      setBroken(false);
      dispatch({ type: 'message', message: parsed.data as RoomMessage, receivedAt });
    });
  }, []);

  const connection = useRealtimeTopic('crash', roomTopic(room, currency), onEvent);
  const staked = useCallback((round: RoomRound) => dispatch({ type: 'staked', round }), []);
  const drawShown = useCallback(() => dispatch({ type: 'drawShown' }), []);

  return { state, connection, broken, staked, drawShown };
}
