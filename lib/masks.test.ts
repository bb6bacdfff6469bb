import { describe, expect, it } from 'vitest';
import { applyMask, formatCardNumber, formatPhone } from './masks';

describe('applyMask', () => {
  it('fills # with digits and keeps literals', () => {
    expect(applyMask('9161234567', '(###) ### ## ##')).toBe('(916) 123 45 67');
  });

  it('stops where the value runs out, without dangling literals', () => {
    expect(applyMask('9161', '(###) ### ## ##')).toBe('(916) 1');
    expect(applyMask('916', '(###) ### ## ##')).toBe('(916');
    expect(applyMask('', '(###) ### ## ##')).toBe('');
  });

  it('adds closing literals once every token is filled', () => {
    expect(applyMask('123', '(###)')).toBe('(123)');
  });

  it('drops characters that do not fit the token', () => {
    expect(applyMask('9a1-6', '###')).toBe('916');
    expect(applyMask('a1b2', '@@')).toBe('ab');
  });

  it('takes letters for @, letters or digits for *, including Cyrillic letters', () => {
    expect(applyMask('AB12', '@@-##')).toBe('AB-12');
    expect(applyMask('x9-Я', '***')).toBe('x9Я');
    expect(applyMask('Жк', '@@')).toBe('Жк');
  });

  it('gives an already formatted value back unchanged', () => {
    expect(applyMask('(916) 123 45 67', '(###) ### ## ##')).toBe('(916) 123 45 67');
  });

  it('cuts input longer than the mask', () => {
    expect(applyMask('1234567', '###-##')).toBe('123-45');
  });
});

describe('formatCardNumber', () => {
  it('shows a card number in groups of 4', () => {
    expect(formatCardNumber('4276123456789012')).toBe('4276 1234 5678 9012');
    expect(formatCardNumber('4276-1234 5678901')).toBe('4276 1234 5678 901');
    expect(formatCardNumber(12345)).toBe('1234 5');
    expect(formatCardNumber('')).toBe('');
  });
});

describe('formatPhone', () => {
  it('shows a phone number as +X (XXX) XXX-XX-XX', () => {
    expect(formatPhone('79161234567')).toBe('+7 (916) 123-45-67');
    expect(formatPhone('+7 916 123 45 67')).toBe('+7 (916) 123-45-67');
    expect(formatPhone(77011234567)).toBe('+7 (701) 123-45-67');
  });

  it('shows a Belarus number with its +375 code and 2-digit operator code', () => {
    expect(formatPhone('+375 29 123 45 67')).toBe('+375 (29) 123-45-67');
  });

  it('shows other lengths as + and the digits', () => {
    expect(formatPhone('4930123456789')).toBe('+4930123456789');
  });

  it('formats a partial number as far as it goes', () => {
    expect(formatPhone('7916')).toBe('+7 (916');
    expect(formatPhone('')).toBe('');
  });
});
