import type { RoomName } from '@/lib/constants/rooms';
import type { RoomStakeBody, RoomStakeReply } from '@/lib/contracts/rooms';
import { crashApi } from './game-client';

/**
 * `POST /rooms/{room}/stake` (signed in, on the crash service): a stake in the room's open round in the
 * player's currency. The reply is parsed with the contract's schema, loaded with it.
 */
export async function placeRoomStake(room: RoomName, body: RoomStakeBody): Promise<RoomStakeReply> {
  const [response, { roomStakeReply }] = await Promise.all([
    crashApi().post(`/rooms/${room}/stake`, body),
    import('@/lib/contracts/rooms'),
  ]);
  return roomStakeReply.parse(response.data);
}
