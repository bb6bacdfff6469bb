/**
 * Response checks without zod, for the calls of the first screen (issue 14). zod builds every schema of
 * a module when the module loads, and zod itself is ~120 kB of code: on a slow phone that is one long
 * task of the page load even for a guest who never opens a form. The few responses every page reads
 * (mirror data, the IP report, the support chat, the welcome pack) are checked with these instead, and
 * zod loads with the forms and the signed-in player's calls.
 *
 * The contracts in lib/contracts stay the one source of the shapes: each check declared with these is
 * typed by the contract's `z.infer` type (`Check<WelcomePack>`), and lib/api/first-screen-checks.test.ts
 * proves that it accepts and rejects what the contract's zod schema accepts and rejects. Like zod's
 * `z.object`, `object` keeps only the declared keys; `looseObject` keeps the others too.
 */

/** A response that does not have the contract's shape. */
export class ResponseShapeError extends Error {
  constructor(
    readonly path: string,
    readonly expected: string,
  ) {
    super(`invalid response at ${path || '(root)'}: expected ${expected}`);
    this.name = 'ResponseShapeError';
  }
}

/** Checks `value` (at `path`, for the error) and answers it typed, or throws ResponseShapeError. */
export type Check<T> = (value: unknown, path?: string) => T;

const fail = (path: string, expected: string): never => {
  throw new ResponseShapeError(path, expected);
};

export const string: Check<string> = (value, path = '') =>
  typeof value === 'string' ? value : fail(path, 'a string');

export const boolean: Check<boolean> = (value, path = '') =>
  typeof value === 'boolean' ? value : fail(path, 'a boolean');

export const number: Check<number> = (value, path = '') =>
  typeof value === 'number' && Number.isFinite(value) ? value : fail(path, 'a number');

export const int: Check<number> = (value, path = '') =>
  Number.isSafeInteger(value) ? (value as number) : fail(path, 'an integer');

/** Money in major units: a number with at most two decimals (zod's `multipleOf(0.01)`). */
export const money: Check<number> = (value, path = '') => {
  const amount = number(value, path);
  const cents = amount * 100;
  return Math.abs(cents - Math.round(cents)) < 1e-6 ? amount : fail(path, 'an amount in cents');
};

export function literal<const T extends string | number | boolean>(expected: T): Check<T> {
  return (value, path = '') => (value === expected ? expected : fail(path, JSON.stringify(expected)));
}

export function oneOf<const T extends string>(options: readonly T[]): Check<T> {
  return (value, path = '') =>
    options.includes(value as T) ? (value as T) : fail(path, `one of ${options.join(', ')}`);
}

export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path = '') => (value === null ? null : check(value, path));
}

/** null, undefined or missing (zod's `nullish`). */
export function nullish<T>(check: Check<T>): Check<T | null | undefined> {
  return (value, path = '') => (value === null || value === undefined ? value : check(value, path));
}

export function union<A, B>(first: Check<A>, second: Check<B>): Check<A | B> {
  return (value, path = '') => {
    try {
      return first(value, path);
    } catch {
      return second(value, path);
    }
  };
}

export function array<T>(item: Check<T>): Check<T[]> {
  return (value, path = '') =>
    Array.isArray(value)
      ? value.map((entry, index) => item(entry, `${path}[${index}]`))
      : fail(path, 'an array');
}

/** A check per key of T (optional keys too: their check answers undefined for a missing key). */
type Shape<T> = { [K in keyof Required<T>]: Check<T[K]> };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkShape<T>(shape: Shape<T>, value: Record<string, unknown>, path: string): T {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(shape) as (keyof T & string)[]) {
    const checked = shape[key](value[key], path ? `${path}.${key}` : key);
    // Like zod: an optional key that is missing stays missing.
    if (checked !== undefined || key in value) out[key] = checked;
  }
  return out as T;
}

/** An object with exactly the declared keys in the answer (others are dropped, as zod's `z.object`). */
export function object<T>(shape: Shape<T>): Check<T> {
  return (value, path = '') => (isRecord(value) ? checkShape(shape, value, path) : fail(path, 'an object'));
}

/** An object whose other keys pass through (zod's `z.looseObject`). */
export function looseObject<T>(shape: Shape<T>): Check<T> {
  return (value, path = '') =>
    isRecord(value) ? { ...value, ...checkShape(shape, value, path) } : fail(path, 'an object');
}
