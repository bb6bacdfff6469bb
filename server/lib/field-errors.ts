/**
 * Turns zod issues into the 422 body's `errors` object: `{ "<field>": ["<key>: <text>"] }`.
 *
 * The key is what the web app looks up as `error.<key>`; the text is English (Laravel-like wording).
 * Keys produced here:
 *   required        missing, null or empty string
 *   invalid         wrong type, not one of the allowed values, failed refinement
 *   invalid_email   not an e-mail address
 *   invalid_url     not a URL
 *   invalid_format  does not match the expected pattern/format
 *   too_short / too_long    string length out of range
 *   too_small / too_big     number (or date) out of range
 *   too_few / too_many      array (or set) size out of range
 *   not_allowed     unknown field where the schema is strict
 * A refinement may choose its own key by writing its message as "key: text"
 * (`.refine(fn, { message: 'password_mismatch: The passwords do not match.' })`).
 */
import type { z } from 'zod';

export type FieldErrors = Record<string, string[]>;

type Issue = z.core.$ZodIssue;

const KEYED_MESSAGE = /^([a-z][a-z0-9_]*): (.+)$/s;

export function zodIssuesToFieldErrors(issues: readonly Issue[], rootField: string): FieldErrors {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    (errors[field] ??= []).push(message);
  };
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : rootField;
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        const path = [...issue.path, key];
        add(path.map(String).join('.'), `not_allowed: The ${label(path)} field is not allowed.`);
      }
      continue;
    }
    add(field, describe(issue, label(issue.path.length > 0 ? issue.path : [rootField])));
  }
  return errors;
}

/** Laravel's summary: the first message's text, plus how many more there are. */
export function fieldErrorsMessage(errors: FieldErrors): string {
  const all = Object.values(errors).flat();
  if (all.length === 0) return 'The given data was invalid.';
  const first = all[0].replace(KEYED_MESSAGE, '$2');
  const more = all.length - 1;
  return more === 0 ? first : `${first} (and ${more} more error${more === 1 ? '' : 's'})`;
}

/** `['card', 'holder_name']` → `card holder name`, `['items', 1]` → `items 1`. */
function label(path: readonly PropertyKey[]): string {
  return path
    .map((segment) =>
      String(segment)
        .replace(/([a-z])([A-Z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .toLowerCase(),
    )
    .join(' ');
}

function describe(issue: Issue, name: string): string {
  // A missing value that fails an enum or a union (zod reports invalid_value / invalid_union) is missing.
  if (
    (issue.code === 'invalid_value' || issue.code === 'invalid_union') &&
    (issue.input === undefined || issue.input === null)
  ) {
    return `required: The ${name} field is required.`;
  }
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null)
        return `required: The ${name} field is required.`;
      return `invalid: The ${name} field must be ${article(typeName(issue.expected))}.`;
    case 'too_small': {
      const min = String(issue.minimum);
      const bound = issue.inclusive === false ? 'greater than' : 'at least';
      switch (issue.origin) {
        case 'string':
          if (Number(issue.minimum) <= 1) return `required: The ${name} field is required.`;
          return `too_short: The ${name} field must be at least ${min} characters.`;
        case 'array':
        case 'set':
          return `too_few: The ${name} field must have at least ${min} item${min === '1' ? '' : 's'}.`;
        default:
          return `too_small: The ${name} field must be ${bound} ${min}.`;
      }
    }
    case 'too_big': {
      const max = String(issue.maximum);
      const bound = issue.inclusive === false ? 'less than' : 'at most';
      switch (issue.origin) {
        case 'string':
          return `too_long: The ${name} field must not be longer than ${max} characters.`;
        case 'array':
        case 'set':
          return `too_many: The ${name} field must not have more than ${max} item${max === '1' ? '' : 's'}.`;
        default:
          return `too_big: The ${name} field must be ${bound} ${max}.`;
      }
    }
    case 'invalid_format':
      if (issue.format === 'email') return `invalid_email: The ${name} field must be a valid email address.`;
      if (issue.format === 'url') return `invalid_url: The ${name} field must be a valid URL.`;
      return `invalid_format: The ${name} field format is invalid.`;
    case 'invalid_value':
    case 'invalid_union':
    case 'invalid_key':
    case 'invalid_element':
    case 'not_multiple_of':
      return `invalid: The selected ${name} is invalid.`;
    case 'custom':
    default: {
      const keyed = KEYED_MESSAGE.exec(issue.message);
      return keyed ? issue.message : `invalid: ${issue.message || `The ${name} field is invalid.`}`;
    }
  }
}

function typeName(expected: string): string {
  switch (expected) {
    case 'int':
      return 'integer';
    case 'object':
    case 'record':
    case 'map':
      return 'object';
    default:
      return expected;
  }
}

function article(word: string): string {
  return /^[aeiou]/.test(word) ? `an ${word}` : `a ${word}`;
}
