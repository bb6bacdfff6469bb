import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorsMessage, zodIssuesToFieldErrors } from './field-errors';

function errorsFor(schema: z.ZodType, data: unknown) {
  const result = schema.safeParse(data, { reportInput: true });
  if (result.success) throw new Error('expected a failure');
  return zodIssuesToFieldErrors(result.error.issues, 'body');
}

describe('zodIssuesToFieldErrors', () => {
  it('says "required" for missing, null and empty values', () => {
    const schema = z.object({ email: z.string(), name: z.string().min(1), old_password: z.string() });
    expect(errorsFor(schema, { name: '', old_password: null })).toEqual({
      email: ['required: The email field is required.'],
      name: ['required: The name field is required.'],
      old_password: ['required: The old password field is required.'],
    });
  });

  it('says "required" for a missing choice (enum or union), not "invalid"', () => {
    const schema = z.object({ type: z.enum(['join', 'leave']), amount: z.union([z.number(), z.string()]) });
    expect(errorsFor(schema, { amount: null })).toEqual({
      type: ['required: The type field is required.'],
      amount: ['required: The amount field is required.'],
    });
  });

  it('gives a key per kind of failure', () => {
    const schema = z.object({
      email: z.email(),
      site: z.url(),
      code: z.string().regex(/^\d{4}$/),
      password: z.string().min(8).max(64),
      nick: z.string().max(3),
      amount: z.number().min(100).max(300_000),
      stake: z.number().positive(),
      tags: z.array(z.string()).min(1).max(2),
      currency: z.enum(['RUB', 'USD']),
      age: z.number(),
    });
    expect(
      errorsFor(schema, {
        email: 'nope',
        site: 'nope',
        code: '12',
        password: 'short',
        nick: 'toolong',
        amount: 5,
        stake: 0,
        tags: [],
        currency: 'GBP',
        age: 'old',
      }),
    ).toEqual({
      email: ['invalid_email: The email field must be a valid email address.'],
      site: ['invalid_url: The site field must be a valid URL.'],
      code: ['invalid_format: The code field format is invalid.'],
      password: ['too_short: The password field must be at least 8 characters.'],
      nick: ['too_long: The nick field must not be longer than 3 characters.'],
      amount: ['too_small: The amount field must be at least 100.'],
      stake: ['too_small: The stake field must be greater than 0.'],
      tags: ['too_few: The tags field must have at least 1 item.'],
      currency: ['invalid: The selected currency is invalid.'],
      age: ['invalid: The age field must be a number.'],
    });
  });

  it('joins nested paths with dots and reports unknown keys of strict objects', () => {
    const schema = z.strictObject({ card: z.object({ number: z.string() }), items: z.array(z.number()) });
    expect(errorsFor(schema, { card: {}, items: [1, 'x'], extra: 1 })).toEqual({
      'card.number': ['required: The card number field is required.'],
      'items.1': ['invalid: The items 1 field must be a number.'],
      extra: ['not_allowed: The extra field is not allowed.'],
    });
  });

  it('keeps a refinement message written as "key: text"', () => {
    const schema = z
      .object({ password: z.string(), password_confirm: z.string() })
      .refine((v) => v.password === v.password_confirm, {
        message: 'password_mismatch: The passwords do not match.',
        path: ['password_confirm'],
      });
    expect(errorsFor(schema, { password: 'a', password_confirm: 'b' })).toEqual({
      password_confirm: ['password_mismatch: The passwords do not match.'],
    });
  });

  it('puts root-level failures under the request part', () => {
    expect(errorsFor(z.object({ a: z.string() }), null)).toEqual({
      body: ['required: The body field is required.'],
    });
  });
});

describe('fieldErrorsMessage', () => {
  it('summarises like Laravel: first text plus how many more', () => {
    expect(fieldErrorsMessage({ email: ['required: The email field is required.'] })).toBe(
      'The email field is required.',
    );
    expect(
      fieldErrorsMessage({
        email: ['required: The email field is required.'],
        a: ['invalid: x', 'invalid: y'],
      }),
    ).toBe('The email field is required. (and 2 more errors)');
  });
});
