import type { BetGame } from '@/lib/constants/bet-limits';
import type { Room } from '@/lib/routes';

export const ROOM_BET_GAME: Record<Room, BetGame> = {
  red: 'roomRed',
  yellow: 'roomYellow',
  purple: 'roomPurple',
};
