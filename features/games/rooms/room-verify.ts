import { toMinorUnits } from '@/lib/money';
import type { RoomRound } from '@/lib/contracts/rooms';
import {
  isRoomSeed,
  parseRoomStakesMessage,
  roomPot,
  roomStakesMessage,
  roomTicketFromDigest,
  roomWinnerIndex,
  type RoomDrawStake,
} from '@/lib/fair/rooms';

/**
 * The rooms' verifier (lib/fair/rooms.ts) with the browser's own Web Crypto (SHA-256 and HMAC-SHA256), so
 * a player's check does not rest on the site's hashing code: only the ticket's integer arithmetic and the
 * stakes' ranges are shared with the server. Loaded by room-verifier.tsx when a player first checks.
 */

export type RoomCheck =
  | { kind: 'invalid'; field: 'seed' | 'stakes' }
  | { kind: 'unsupported' }
  | {
      kind: 'checked';
      /** SHA-256 of the seed's hex text. */
      seedHash: string;
      /** Whether it is the published hash (null when none was given). */
      hashMatches: boolean | null;
      message: string;
      hmac: string;
      potMinor: bigint;
      ticket: bigint;
      winner: RoomDrawStake;
      winnerIndex: number;
    };

const utf8 = (text: string) => new TextEncoder().encode(text);
const hex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** A finished round's stakes as the draw's message: `id:user:minor` joined by `,`. */
export function roundStakesMessage(round: Pick<RoomRound, 'stakes'>): string {
  return roomStakesMessage(
    round.stakes.map((stake) => ({
      id: stake.id,
      userId: stake.user_id,
      amountMinor: BigInt(toMinorUnits(stake.amount)),
    })),
  );
}

export async function checkRoomRound(input: {
  seed: string;
  seedHash?: string;
  stakes: string;
}): Promise<RoomCheck> {
  const seed = input.seed.trim();
  if (!isRoomSeed(seed)) return { kind: 'invalid', field: 'seed' };
  const stakes = parseRoomStakesMessage(input.stakes);
  if (!stakes) return { kind: 'invalid', field: 'stakes' };
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return { kind: 'unsupported' };
  const message = roomStakesMessage(stakes);
  const seedHash = hex(await subtle.digest('SHA-256', utf8(seed)));
  const key = await subtle.importKey('raw', utf8(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const digest = await subtle.sign('HMAC', key, utf8(message));
  const potMinor = roomPot(stakes);
  const ticket = roomTicketFromDigest(new Uint8Array(digest), potMinor);
  const winnerIndex = roomWinnerIndex(stakes, ticket);
  const published = input.seedHash?.trim().toLowerCase();
  return {
    kind: 'checked',
    seedHash,
    hashMatches: published ? published === seedHash : null,
    message,
    hmac: hex(digest),
    potMinor,
    ticket,
    winner: stakes[winnerIndex]!,
    winnerIndex,
  };
}
