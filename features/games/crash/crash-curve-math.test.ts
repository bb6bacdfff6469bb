import { describe, expect, it } from 'vitest';
import { multiplierAtHundredths } from '@/lib/fair/crash';
import { CRASH_MAX_EXTRAPOLATION_MS } from './constants';
import {
  chartScale,
  crashPointTone,
  curvePoints,
  extrapolatedElapsedMs,
  extrapolatedMultiplier,
  floorMultiplier,
  growthAt,
} from './crash-curve-math';

describe('the curve between two ticks', () => {
  const anchor = { elapsedMs: 5_000, receivedAt: 1_000_000 };

  it('runs on from the last tick’s elapsed time by the local time since it arrived', () => {
    expect(extrapolatedElapsedMs(anchor, 1_000_000)).toBe(5_000);
    expect(extrapolatedElapsedMs(anchor, 1_000_016)).toBe(5_016);
    expect(extrapolatedElapsedMs(anchor, 1_000_099)).toBe(5_099);
    // A clock that went backwards does not run the curve backwards.
    expect(extrapolatedElapsedMs(anchor, 999_000)).toBe(5_000);
  });

  it('waits when the ticks stop: never more than CRASH_MAX_EXTRAPOLATION_MS ahead of the last one', () => {
    expect(CRASH_MAX_EXTRAPOLATION_MS).toBe(1_000);
    expect(extrapolatedElapsedMs(anchor, 1_000_000 + 60_000)).toBe(6_000);
  });

  it('never passes the bust once it is known', () => {
    expect(extrapolatedElapsedMs(anchor, 1_000_500, 5_200)).toBe(5_200);
    expect(extrapolatedElapsedMs(anchor, 1_000_100, 5_200)).toBe(5_100);
  });

  it('shows e^(0.00006·ms) floored to hundredths, as the server computes it', () => {
    for (const ms of [0, 1, 166, 5_000, 11_552, 38_379, 76_753]) {
      expect(
        extrapolatedMultiplier({ anchor: { elapsedMs: ms, receivedAt: 0 }, now: 0 }),
        `at ${ms} ms`,
      ).toBe(multiplierAtHundredths(ms) / 100);
    }
    expect(growthAt(11_552)).toBeCloseTo(2, 3);
    expect(floorMultiplier(1.999_999)).toBe(1.99);
    expect(floorMultiplier(2.35)).toBe(2.35);
  });

  it('never shows less than the server last sent, and exactly the crash point once busted', () => {
    // The local clock is behind: the server's 1.35× stands.
    expect(
      extrapolatedMultiplier({ anchor: { elapsedMs: 0, receivedAt: 0 }, now: 0, lastMultiplier: 1.35 }),
    ).toBe(1.35);
    expect(
      extrapolatedMultiplier({
        anchor: { elapsedMs: 14_000, receivedAt: 0 },
        now: 900,
        crashPoint: 2.31,
        bustElapsedMs: 13_970,
      }),
    ).toBe(2.31);
  });
});

describe('the chart', () => {
  it('keeps room ahead of the tip: at least 10 s and 2×', () => {
    expect(chartScale(0, 1)).toEqual({ maxMs: 10_000, maxMultiplier: 2 });
    expect(chartScale(20_000, 3.32)).toEqual({ maxMs: 24_000, maxMultiplier: 3.9 });
  });

  it('draws the curve from the bottom left corner up to its tip, rising all the way', () => {
    const box = { width: 334, height: 220, padLeft: 34, padBottom: 20 };
    const scale = chartScale(10_000, growthAt(10_000));
    const points = curvePoints(10_000, box, scale, 10);
    expect(points).toHaveLength(11);
    expect(points[0]).toEqual({ x: 34, y: 200 });
    const tip = points[10];
    expect(tip.x).toBeCloseTo(34 + (10_000 / 12_000) * 300);
    expect(tip.y).toBeCloseTo(200 - ((growthAt(10_000) - 1) / (scale.maxMultiplier - 1)) * 200);
    for (let i = 1; i < points.length; i += 1) {
      expect(points[i].x).toBeGreaterThan(points[i - 1].x);
      expect(points[i].y).toBeLessThan(points[i - 1].y);
    }
  });

  it('colours crash points: below 2×, 2× to 10×, 10× and above', () => {
    expect([1, 1.99, 2, 9.99, 10, 1_000].map(crashPointTone)).toEqual([
      'low',
      'low',
      'mid',
      'mid',
      'high',
      'high',
    ]);
  });
});
