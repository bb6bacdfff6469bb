import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import './zod-config';

describe('zod in the browser', () => {
  it('never evaluates code, so the Content-Security-Policy needs no unsafe-eval', () => {
    expect(z.config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
  });
});
