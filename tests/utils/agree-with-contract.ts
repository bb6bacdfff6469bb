import type { z } from 'zod';
import { expect } from 'vitest';
import { ResponseShapeError, type Check } from '@/lib/api/check';

/**
 * A zod-free reply check (lib/api/check.ts) against its contract's zod schema: for every answer in
 * `valid`, both accept it with the same result (unknown keys dropped alike); every answer in `invalid`,
 * both refuse.
 */
export function agree(check: Check<unknown>, schema: z.ZodType, valid: unknown[], invalid: unknown[]) {
  for (const value of valid) {
    expect(check(value), JSON.stringify(value)).toEqual(schema.parse(value));
  }
  for (const value of invalid) {
    expect(schema.safeParse(value).success, `zod accepts ${JSON.stringify(value)}`).toBe(false);
    expect(() => check(value), JSON.stringify(value)).toThrow(ResponseShapeError);
  }
}
