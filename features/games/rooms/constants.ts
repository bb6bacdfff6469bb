import type { RoomName } from '@/lib/constants/rooms';

/** How long the wheel spins to the winner after a draw (none with reduced motion). */
export const ROOM_SPIN_MS = 4_000;
/** How long the drawn round stays on the wheel after its spin, before the next round shows. */
export const ROOM_RESULT_HOLD_MS = 5_000;
/** The countdown's display refreshes this often. */
export const ROOM_COUNTDOWN_TICK_MS = 250;

/** Players' colours on the wheel, in the order they first staked in the round (then again). */
export const PLAYER_COLOURS = [
  '#f5b301',
  '#38bdf8',
  '#f472b6',
  '#4ade80',
  '#a78bfa',
  '#fb923c',
  '#2dd4bf',
  '#f87171',
  '#facc15',
  '#60a5fa',
] as const;

/** Each room's own colour (its lobby card and its wheel's rim). */
export const ROOM_ACCENT: Readonly<Record<RoomName, string>> = {
  red: '#dc2626',
  yellow: '#eab308',
  purple: '#9333ea',
};

/** `3f2a…91bc`: a long hash shortened for a list (the whole one is copied and verified). */
export const shortHash = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;
