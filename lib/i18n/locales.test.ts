import { describe, expect, it } from 'vitest';
import { normalizeAcceptLanguage } from './locales';

describe('normalizeAcceptLanguage', () => {
  it('maps a browser asking for Kazakh (kk) to the kz code', () => {
    expect(normalizeAcceptLanguage('kk-KZ,kk;q=0.9,ru;q=0.8')).toBe('kz,kz;q=0.9,ru;q=0.8');
    expect(normalizeAcceptLanguage('kk')).toBe('kz');
  });

  it('leaves other languages as they are', () => {
    expect(normalizeAcceptLanguage('en-US,en;q=0.9')).toBe('en-US,en;q=0.9');
    expect(normalizeAcceptLanguage(null)).toBe(null);
  });
});
