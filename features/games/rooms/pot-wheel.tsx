'use client';

import { useState, type ReactNode } from 'react';
import type { RoomRound } from '@/lib/contracts/rooms';
import { motionMs } from '../shared/motion';
import { PLAYER_COLOURS, ROOM_SPIN_MS } from './constants';
import { playerOrder } from './room-state';

const SIZE = 200;
const CENTRE = SIZE / 2;
const OUTER = 96;
const INNER = 62;
/** Whole turns the wheel makes before it stops on the winning ticket. */
const TURNS = 5;

const point = (radius: number, degrees: number) => {
  const radians = ((degrees - 90) * Math.PI) / 180;
  return `${(CENTRE + radius * Math.cos(radians)).toFixed(3)} ${(CENTRE + radius * Math.sin(radians)).toFixed(3)}`;
};

/** A ring segment from `from` to `to` degrees, clockwise from the top. */
function segmentPath(from: number, to: number): string {
  if (to - from >= 359.999) {
    // A full ring: two halves (an arc cannot start and end at one point).
    return `${segmentPath(0, 180)} ${segmentPath(180, 360)}`;
  }
  const large = to - from > 180 ? 1 : 0;
  return [
    `M ${point(OUTER, from)}`,
    `A ${OUTER} ${OUTER} 0 ${large} 1 ${point(OUTER, to)}`,
    `L ${point(INNER, to)}`,
    `A ${INNER} ${INNER} 0 ${large} 0 ${point(INNER, from)}`,
    'Z',
  ].join(' ');
}

/** The player colour of each user of the round. */
export function colourOf(order: Map<number, number>, userId: number): string {
  return PLAYER_COLOURS[(order.get(userId) ?? 0) % PLAYER_COLOURS.length]!;
}

/**
 * The pot as a wheel divided by stake, each coloured by its player, a pointer at the top. When a drawn
 * round comes (`draw`), the wheel turns TURNS times and stops with the winning ticket under the pointer
 * (ticket t of a pot p sits at (t + ½) / p of the turn); with reduced motion it is there at once.
 */
export function PotWheel({
  round,
  draw,
  accent,
  children,
}: {
  round: RoomRound | null;
  /** The drawn round to spin to (its id starts a spin once). */
  draw: RoomRound | null;
  accent: string;
  /** What the middle of the ring shows (the pot, the countdown). */
  children?: ReactNode;
}) {
  const shown = draw ?? round;
  const [spin, setSpin] = useState({ id: 0, angle: 0 });
  if (draw && draw.ticket !== null && draw.id !== spin.id) {
    // A new draw: adjust the state while rendering (React's pattern for state derived from a prop change).
    const potMinor = Math.round(draw.pot * 100);
    const ticketAngle = potMinor > 0 ? ((draw.ticket + 0.5) / potMinor) * 360 : 0;
    setSpin({ id: draw.id, angle: TURNS * 360 + ((360 - ticketAngle) % 360) });
  }
  const stakes = shown?.stakes ?? [];
  const order = playerOrder(stakes);
  const potMinor = stakes.reduce((sum, stake) => sum + Math.round(stake.amount * 100), 0);
  const segments: { id: number; from: number; to: number; colour: string }[] = [];
  for (const stake of stakes) {
    const from = segments.at(-1)?.to ?? 0;
    const size = potMinor > 0 ? (Math.round(stake.amount * 100) / potMinor) * 360 : 0;
    segments.push({ id: stake.id, from, to: from + size, colour: colourOf(order, stake.user_id) });
  }
  const spinning = draw !== null && draw.id === spin.id;
  return (
    <div className="relative mx-auto aspect-square w-full max-w-72" data-testid="room-wheel">
      <svg viewBox={`0 0 ${SIZE} ${SIZE + 8}`} className="h-full w-full overflow-visible" aria-hidden="true">
        <g transform="translate(0 8)">
          <circle cx={CENTRE} cy={CENTRE} r={OUTER + 3} fill="none" stroke={accent} strokeWidth="3" />
          <g
            style={{
              transform: `rotate(${spinning ? spin.angle : spin.angle % 360}deg)`,
              transformOrigin: `${CENTRE}px ${CENTRE}px`,
              transition: spinning
                ? `transform ${motionMs(ROOM_SPIN_MS)}ms cubic-bezier(0.15, 0.7, 0.2, 1)`
                : 'none',
            }}
            data-testid="room-wheel-rotor"
            data-angle={spinning ? spin.angle : spin.angle % 360}
          >
            {segments.length === 0 ? (
              <path d={segmentPath(0, 360)} fill="var(--color-panel-2, #1c2135)" />
            ) : (
              segments.map((segment) => (
                <path
                  key={segment.id}
                  d={segmentPath(segment.from, segment.to)}
                  fill={segment.colour}
                  stroke="var(--color-panel, #151a2b)"
                  strokeWidth={segments.length > 1 ? 0.8 : 0}
                />
              ))
            )}
          </g>
        </g>
        <path
          d={`M ${CENTRE - 8} 0 L ${CENTRE + 8} 0 L ${CENTRE} 16 Z`}
          fill="#fff"
          stroke="#000"
          strokeWidth="1"
        />
      </svg>
      <div className="absolute inset-0 flex flex-col items-center justify-center pt-2 text-center">
        {children}
      </div>
    </div>
  );
}
