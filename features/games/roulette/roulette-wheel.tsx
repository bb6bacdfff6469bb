'use client';

import { useState } from 'react';
import { pocketColor, WHEEL_ORDER } from '@/lib/fair/games/roulette';
import { motionMs } from '../shared/motion';

/** How long the wheel spins. */
export const ROULETTE_SPIN_MS = 3_000;
const TURNS = 4;
const STEP = 360 / WHEEL_ORDER.length;
const FILL = { green: '#1f9d55', red: '#d64545', black: '#1b1f2f' } as const;

function wedge(index: number): string {
  const toXY = (angle: number, radius: number) => {
    const rad = ((angle - 90) * Math.PI) / 180;
    return `${(100 + radius * Math.cos(rad)).toFixed(3)} ${(100 + radius * Math.sin(rad)).toFixed(3)}`;
  };
  const from = index * STEP - STEP / 2;
  const to = from + STEP;
  return `M ${toXY(from, 96)} A 96 96 0 0 1 ${toXY(to, 96)} L ${toXY(to, 58)} A 58 58 0 0 0 ${toXY(from, 58)} Z`;
}

const WEDGES = WHEEL_ORDER.map((pocket, index) => ({ pocket, index, d: wedge(index) }));

/**
 * The European wheel (pockets in `WHEEL_ORDER`) under a fixed pointer. Each spin adds whole turns and
 * stops with the result's pocket under the pointer: one CSS transform transition on a static SVG.
 */
export function RouletteWheel({
  pocket,
  spinKey,
  label,
}: {
  pocket: number | null;
  spinKey: number;
  label?: string;
}) {
  const [spin, setSpin] = useState({ key: 0, angle: 0 });
  if (pocket !== null && spinKey !== spin.key) {
    const at = WHEEL_ORDER.indexOf(pocket as (typeof WHEEL_ORDER)[number]) * STEP;
    const base = Math.ceil(spin.angle / 360) * 360 + TURNS * 360;
    setSpin({ key: spinKey, angle: base + ((360 - at) % 360) });
  }
  return (
    <div className="relative mx-auto aspect-square w-full max-w-64" aria-hidden={label ? undefined : true}>
      <svg viewBox="0 0 200 200" className="absolute inset-0 h-full w-full" role="img" aria-label={label}>
        <g
          style={{
            transform: `rotate(${spin.angle}deg)`,
            transformOrigin: '100px 100px',
            transition: `transform ${motionMs(ROULETTE_SPIN_MS)}ms cubic-bezier(0.15, 0.85, 0.25, 1)`,
          }}
          className="will-change-transform motion-reduce:transition-none"
          data-testid="roulette-wheel"
          data-angle={spin.angle}
        >
          <circle cx="100" cy="100" r="99" fill="#5b3a1a" />
          {WEDGES.map(({ pocket: value, index, d }) => (
            <g key={value}>
              <path d={d} fill={FILL[pocketColor(value)]} stroke="#d9b36b" strokeWidth="0.4" />
              <text
                x="100"
                y="14"
                fill="#fff"
                fontSize="7"
                fontWeight="700"
                textAnchor="middle"
                transform={`rotate(${index * STEP} 100 100)`}
              >
                {value}
              </text>
            </g>
          ))}
          <circle cx="100" cy="100" r="58" fill="#2a1d10" stroke="#d9b36b" strokeWidth="1" />
          <circle cx="100" cy="100" r="12" fill="#d9b36b" />
        </g>
        <path d="M 100 22 L 94 6 L 106 6 Z" fill="#f5c542" stroke="#0f1220" strokeWidth="1" />
      </svg>
    </div>
  );
}
