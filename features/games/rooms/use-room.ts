'use client';

import { useCallback, useReducer, useState } from 'react';
import type { Currency } from '@/lib/constants/currencies';
import { roomTopic, type RoomName } from '@/lib/constants/rooms';
import type { RoomRound } from '@/lib/contracts/rooms';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { checkRoomMessage } from './room-message-check';
import { initialRoomState, roomReducer } from './room-state';

/**
 * Follows a room's round in a currency over the realtime hub (`rooms:<room>:<currency>` on the crash
 * service's `/socket`): its snapshot first (again after every reconnection), then its events, each
 * checked against the contract without zod (room-message-check.ts) as it comes. Mount it with `key={currency}`: another room or
 * currency starts from nothing.
 */
export function useRoom(room: RoomName, currency: Currency) {
  const [state, dispatch] = useReducer(roomReducer, initialRoomState);
  const [broken, setBroken] = useState(false);

  const onEvent = useCallback((event: RealtimeEvent) => {
    const message = checkRoomMessage(event);
    if (!message) {
      if (event.type !== 'error') console.warn('rooms: a message does not match the contract', event);
      else setBroken(true);
      return;
    }
    setBroken(false);
    dispatch({ type: 'message', message, receivedAt: Date.now() });
  }, []);

  const connection = useRealtimeTopic('crash', roomTopic(room, currency), onEvent);
  const staked = useCallback((round: RoomRound) => dispatch({ type: 'staked', round }), []);
  const drawShown = useCallback(() => dispatch({ type: 'drawShown' }), []);

  return { state, connection, broken, staked, drawShown };
}
