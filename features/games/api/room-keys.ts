import type { Currency } from '@/lib/constants/currencies';
import type { RoomName } from '@/lib/constants/rooms';
import { gameKeys } from './query-keys';

/** Query keys of the rooms (issue 16), under the games' keys; invalidate with these. */
export const roomKeys = {
  all: () => [...gameKeys.all, 'rooms'] as const,
  history: (room: RoomName, currency: Currency, limit: number) =>
    [...roomKeys.all(), 'history', room, currency, limit] as const,
};
