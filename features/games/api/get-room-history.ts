'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Currency } from '@/lib/constants/currencies';
import type { RoomName } from '@/lib/constants/rooms';
import type { RoomHistory } from '@/lib/contracts/rooms';
import { crashApi } from './game-client';
import { roomKeys } from './room-keys';

/** How many finished rounds a room's page lists. */
export const ROOM_HISTORY_SHOWN = 10;

/**
 * `GET /rooms/{room}/history?currency=&limit=` (public, on the crash service: the realtime games): the
 * last finished rounds, newest first, each with its seed, seed hash, stakes, ticket and winner. Parsed
 * with the contract's schema, which loads (with zod) beside the reply, not with the page.
 */
export async function getRoomHistory(
  room: RoomName,
  currency: Currency,
  limit: number,
): Promise<RoomHistory> {
  const [response, { roomHistoryReply }] = await Promise.all([
    crashApi().get(`/rooms/${room}/history`, { params: { currency, limit } }),
    import('@/lib/contracts/rooms'),
  ]);
  return roomHistoryReply.parse(response.data);
}

export const roomHistoryQueryOptions = (room: RoomName, currency: Currency, limit = ROOM_HISTORY_SHOWN) =>
  queryOptions({
    queryKey: roomKeys.history(room, currency, limit),
    queryFn: () => getRoomHistory(room, currency, limit),
    staleTime: 15_000,
  });

export function useRoomHistory(room: RoomName, currency: Currency, limit = ROOM_HISTORY_SHOWN) {
  return useQuery(roomHistoryQueryOptions(room, currency, limit));
}
