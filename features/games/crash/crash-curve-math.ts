import { CRASH_GROWTH_PER_MS } from '@/lib/fair/crash';
import { CRASH_MAX_EXTRAPOLATION_MS } from './constants';

/**
 * The live curve's arithmetic, pure (no DOM): where the multiplier is between two server ticks, the
 * scale of the chart and the points of the curve, and the colour of a crash point.
 */

/** The multiplier `ms` after a game's start, unrounded: e^(0.00006 · ms) (lib/fair/crash.ts). */
export const growthAt = (ms: number) => Math.exp(CRASH_GROWTH_PER_MS * Math.max(0, ms));

/** The multiplier as players read it: floored to hundredths, as the server floors it. */
export const floorMultiplier = (value: number) => Math.floor(value * 100 + 1e-9) / 100;

export interface TickAnchor {
  /** The game's elapsed ms the server last said (a tick, `started` = 0, a snapshot). */
  elapsedMs: number;
  /** When (local `Date.now()`) that arrived. */
  receivedAt: number;
}

/**
 * How far into the game it is now: the last tick's elapsed time plus the local time since it arrived, at
 * most CRASH_MAX_EXTRAPOLATION_MS ahead of it, and never past the bust once it is known.
 */
export function extrapolatedElapsedMs(
  anchor: TickAnchor,
  now: number,
  bustElapsedMs: number | null = null,
  maxAheadMs = CRASH_MAX_EXTRAPOLATION_MS,
): number {
  const ahead = Math.min(Math.max(0, now - anchor.receivedAt), maxAheadMs);
  const elapsed = anchor.elapsedMs + ahead;
  return bustElapsedMs === null ? elapsed : Math.min(elapsed, bustElapsedMs);
}

/**
 * The multiplier shown now (floored to hundredths): extrapolated from the anchor, never below the last
 * multiplier the server sent, and exactly the crash point once busted.
 */
export function extrapolatedMultiplier(input: {
  anchor: TickAnchor;
  now: number;
  lastMultiplier?: number | null;
  crashPoint?: number | null;
  bustElapsedMs?: number | null;
}): number {
  if (input.crashPoint != null) return input.crashPoint;
  const elapsed = extrapolatedElapsedMs(input.anchor, input.now, input.bustElapsedMs ?? null);
  return Math.max(floorMultiplier(growthAt(elapsed)), input.lastMultiplier ?? 1);
}

/** The chart's extent: at least 10 s and 2×, with room ahead of the curve's tip. */
export function chartScale(elapsedMs: number, multiplier: number): { maxMs: number; maxMultiplier: number } {
  return {
    maxMs: Math.max(10_000, elapsedMs * 1.2),
    maxMultiplier: Math.max(2, 1 + (multiplier - 1) * 1.25),
  };
}

export interface Box {
  width: number;
  height: number;
  /** Room on the left and at the bottom for the axes' labels. */
  padLeft: number;
  padBottom: number;
}

/** The curve from the start to `elapsedMs` as `segments + 1` points in the box (y grows downwards). */
export function curvePoints(
  elapsedMs: number,
  box: Box,
  scale: { maxMs: number; maxMultiplier: number },
  segments = 48,
): { x: number; y: number }[] {
  const plotWidth = Math.max(1, box.width - box.padLeft);
  const plotHeight = Math.max(1, box.height - box.padBottom);
  const points: { x: number; y: number }[] = [];
  for (let i = 0; i <= segments; i += 1) {
    const ms = (elapsedMs * i) / segments;
    const value = growthAt(ms);
    points.push({
      x: box.padLeft + (ms / scale.maxMs) * plotWidth,
      y: plotHeight - ((value - 1) / (scale.maxMultiplier - 1)) * plotHeight,
    });
  }
  return points;
}

export type CrashPointTone = 'low' | 'mid' | 'high';

/** A crash point's colour class: below 2× (most games), 2× to 10×, 10× and above. */
export function crashPointTone(point: number): CrashPointTone {
  if (point < 2) return 'low';
  if (point < 10) return 'mid';
  return 'high';
}
