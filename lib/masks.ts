/**
 * Input masks (spec section 5): `#` a digit, `@` a letter, `*` a letter or digit; every other mask
 * character is a literal. Letters are Unicode letters, so Cyrillic and Kazakh input is accepted.
 */

const TOKENS: Readonly<Record<string, RegExp>> = {
  '#': /\p{Nd}/u,
  '@': /\p{L}/u,
  '*': /[\p{L}\p{Nd}]/u,
};

function tokenPattern(maskChar: string): RegExp | undefined {
  return Object.hasOwn(TOKENS, maskChar) ? TOKENS[maskChar] : undefined;
}

/**
 * Formats `value` with `mask`. Value characters that do not fit the next token are dropped; literals are
 * written as the value reaches them (a typed literal is taken as that literal, so formatting an already
 * formatted value gives the same value back). Output stops where the value runs out, except that
 * literals closing the mask are added once every token is filled (`(###)` gives `(123)`).
 *
 * applyMask('9161234567', '(###) ### ## ##') === '(916) 123 45 67'
 */
export function applyMask(value: string, mask: string): string {
  const chars = Array.from(value ?? '');
  const maskChars = Array.from(mask ?? '');
  let output = '';
  let iValue = 0;
  let iMask = 0;

  while (iMask < maskChars.length && iValue < chars.length) {
    const maskChar = maskChars[iMask];
    const char = chars[iValue];
    const pattern = tokenPattern(maskChar);
    if (pattern) {
      if (pattern.test(char)) {
        output += char;
        iMask += 1;
      }
      iValue += 1;
    } else {
      output += maskChar;
      if (char === maskChar) iValue += 1;
      iMask += 1;
    }
  }

  // Trailing literals, only when no token is left to fill.
  let rest = '';
  while (iMask < maskChars.length) {
    const maskChar = maskChars[iMask];
    if (tokenPattern(maskChar)) return output;
    rest += maskChar;
    iMask += 1;
  }
  return output + rest;
}

function digitsOf(value: string | number): string {
  return String(value ?? '').replace(/\D/g, '');
}

/** A card number in groups of 4 digits: `4276 1234 5678 9012`. Non-digits are dropped. */
export function formatCardNumber(value: string | number): string {
  return digitsOf(value).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * A phone number as `+X (XXX) XXX-XX-XX` (spec section 5), for the 11-digit +7 numbers of ru and kz.
 * Fewer digits are formatted as far as they go (`+7 (916) 12`). A 12-digit Belarus number (+375, a
 * 2-digit operator code and 7 digits) is shown the same way with a 2-digit group: `+375 (29) 123-45-67`.
 * Other lengths are shown as `+` and the digits.
 */
export function formatPhone(value: string | number): string {
  const digits = digitsOf(value);
  if (digits.length === 0) return '';
  if (digits.length <= 11) return applyMask(digits, '+# (###) ###-##-##');
  if (digits.length === 12 && digits.startsWith('375')) return applyMask(digits, '+### (##) ###-##-##');
  return `+${digits}`;
}
