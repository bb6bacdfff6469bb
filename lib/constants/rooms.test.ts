import { describe, expect, it } from 'vitest';
import { roomStakeLimits } from './rooms';

describe('room stake limits', () => {
  it('are the spec figures in RUB and scale by the coinflip minimum elsewhere', () => {
    expect(roomStakeLimits('red', 'RUB')).toMatchObject({ min: 1, max: 1_000 });
    expect(roomStakeLimits('yellow', 'RUB')).toMatchObject({ min: 10, max: 10_000 });
    expect(roomStakeLimits('purple', 'RUB')).toMatchObject({ min: 50, max: 50_000, minMinor: 5_000n });
    expect(roomStakeLimits('red', 'USD')).toMatchObject({ min: 0.01, max: 10, minMinor: 1n });
    expect(roomStakeLimits('purple', 'EUR')).toMatchObject({ min: 0.5, max: 500 });
    expect(roomStakeLimits('yellow', 'KZT')).toMatchObject({ min: 50, max: 50_000 });
    expect(roomStakeLimits('purple', 'INR')).toMatchObject({ min: 50, max: 50_000 });
  });
});
