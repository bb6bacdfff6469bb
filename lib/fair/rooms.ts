import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * Rooms (issue 16): a jackpot round's draw, provably fair. Any player can check a finished round with
 * nothing but SHA-256 and HMAC-SHA256 (the room page's verifier does it in the browser with Web Crypto).
 *
 * 1. When a round opens, the server draws a seed: 32 random bytes written as 64 lowercase hex characters.
 *    It publishes the seed's hash, SHA-256 of those 64 characters (as ASCII text), before any stake.
 * 2. Stakes come in; each has an id, its player's user id and its amount in minor units (kopecks, cents).
 *    The pot is their sum. The stakes, in the order they were taken (ascending id), are written as one
 *    message: `<stake id>:<user id>:<amount in minor units>` joined by `,`, e.g. `12:7:500,13:9:1000`.
 * 3. When the countdown ends the seed is revealed and h = HMAC-SHA256(key = the seed's 64 hex characters
 *    as ASCII, message = that text as UTF-8). r = the first 52 bits of h (its first 13 hex characters).
 *    The winning ticket is ⌊r / 2^52 × pot⌋, computed exactly in integers as ⌊r × pot / 2^52⌋; it lies in
 *    [0, pot).
 * 4. Stake i covers the tickets [from, to), from = the sum of the stakes before it, to = from + its
 *    amount: the stake whose range holds the ticket wins, so each stake wins with probability amount / pot.
 *
 * The seed is fixed (committed) before the first stake and the stakes (who, how much, in which order) are
 * part of the message, so neither the server nor a player can steer the ticket once the round is open.
 *
 * Pure and synchronous (@noble/hashes); the server draws with it, the tests pin its known answers.
 */

export const ROOM_SEED_BYTES = 32;
const SEED = /^[0-9a-f]{64}$/;
const TWO_POW_52 = 2n ** 52n;

/** One stake as the draw sees it. */
export interface RoomDrawStake {
  id: number;
  userId: number;
  amountMinor: bigint;
}

export function isRoomSeed(value: string): boolean {
  return SEED.test(value);
}

/** The commitment published when the round opens: SHA-256 of the seed's hex text, as lowercase hex. */
export function roomSeedHash(seed: string): string {
  return bytesToHex(sha256(utf8ToBytes(seed)));
}

/** The stakes in their order, as the HMAC's message: `id:user:amount` joined by `,`. */
export function roomStakesMessage(stakes: readonly RoomDrawStake[]): string {
  return stakes.map((stake) => `${stake.id}:${stake.userId}:${stake.amountMinor}`).join(',');
}

export function roomPot(stakes: readonly RoomDrawStake[]): bigint {
  return stakes.reduce((sum, stake) => sum + stake.amountMinor, 0n);
}

/** The ticket of an HMAC digest (its first 52 bits) for a pot: ⌊r × pot / 2^52⌋. */
export function roomTicketFromDigest(digest: Uint8Array, potMinor: bigint): bigint {
  if (digest.length < 7) throw new Error('a digest of at least 7 bytes is needed');
  let r = 0n;
  for (let i = 0; i < 6; i += 1) r = (r << 8n) | BigInt(digest[i]!);
  r = (r << 4n) | BigInt(digest[6]! >> 4);
  return (r * potMinor) / TWO_POW_52;
}

/** Each stake's range of tickets [from, to), in order. */
export function roomTicketRanges(stakes: readonly RoomDrawStake[]): { from: bigint; to: bigint }[] {
  let from = 0n;
  return stakes.map((stake) => {
    const range = { from, to: from + stake.amountMinor };
    from = range.to;
    return range;
  });
}

/** The index of the stake whose range holds the ticket. */
export function roomWinnerIndex(stakes: readonly RoomDrawStake[], ticket: bigint): number {
  const ranges = roomTicketRanges(stakes);
  const index = ranges.findIndex((range) => ticket >= range.from && ticket < range.to);
  if (index < 0) throw new Error('the ticket lies outside the pot');
  return index;
}

export interface RoomDraw {
  message: string;
  /** HMAC-SHA256 as lowercase hex. */
  hmac: string;
  potMinor: bigint;
  ticket: bigint;
  winnerIndex: number;
}

/** The draw of a round: its message, HMAC, pot, ticket and winning stake. */
export function roomDraw(seed: string, stakes: readonly RoomDrawStake[]): RoomDraw {
  if (!isRoomSeed(seed)) throw new Error('a room seed is 64 lowercase hex characters');
  if (stakes.length === 0) throw new Error('a draw needs stakes');
  if (stakes.some((stake) => stake.amountMinor <= 0n)) throw new Error('stakes are positive');
  const message = roomStakesMessage(stakes);
  const digest = hmac(sha256, utf8ToBytes(seed), utf8ToBytes(message));
  const potMinor = roomPot(stakes);
  const ticket = roomTicketFromDigest(digest, potMinor);
  return {
    message,
    hmac: bytesToHex(digest),
    potMinor,
    ticket,
    winnerIndex: roomWinnerIndex(stakes, ticket),
  };
}

const STAKE_ENTRY = /^(\d{1,15}):(\d{1,15}):(\d{1,18})$/;

/** A stakes message typed or pasted by a player, back into stakes; null when it is not one. */
export function parseRoomStakesMessage(text: string): RoomDrawStake[] | null {
  const entries = text.replace(/\s+/g, '').split(',');
  const stakes: RoomDrawStake[] = [];
  for (const entry of entries) {
    const match = STAKE_ENTRY.exec(entry);
    if (!match) return null;
    const amountMinor = BigInt(match[3]!);
    if (amountMinor <= 0n) return null;
    stakes.push({ id: Number(match[1]), userId: Number(match[2]), amountMinor });
  }
  return stakes.length > 0 ? stakes : null;
}
