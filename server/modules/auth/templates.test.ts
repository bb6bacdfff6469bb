import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, renderMessage } from './templates';

describe('localeFromAcceptLanguage', () => {
  it('maps the languages the web sends, honouring weights, and falls back to Russian', () => {
    expect(localeFromAcceptLanguage('ru-RU')).toBe('ru');
    expect(localeFromAcceptLanguage('en-US')).toBe('en');
    expect(localeFromAcceptLanguage('kk-KZ')).toBe('kz');
    expect(localeFromAcceptLanguage('kz')).toBe('kz');
    expect(localeFromAcceptLanguage('de-DE,en;q=0.5,ru;q=0.9')).toBe('ru');
    expect(localeFromAcceptLanguage('pt-BR')).toBe('ru');
    expect(localeFromAcceptLanguage('en;q=0, kk')).toBe('kz');
    expect(localeFromAcceptLanguage(undefined)).toBe('ru');
    expect(localeFromAcceptLanguage('')).toBe('ru');
  });
});

describe('renderMessage', () => {
  it('has every template in ru, en and kz for e-mail (with a subject) and SMS (without)', () => {
    for (const template of ['login_code', 'verify_code', 'password_reset', 'login_data'] as const) {
      for (const locale of ['ru', 'en', 'kz'] as const) {
        const params = { code: '123456', link: 'https://x.example/r/t', login: 'a@b.example', minutes: 10 };
        const email = renderMessage(template, 'email', locale, params);
        const sms = renderMessage(template, 'sms', locale, params);
        expect(email.subject, `${template} ${locale}`).toMatch(/^Aurum: /);
        expect(sms.subject).toBeNull();
        const expected = template === 'login_data' ? 'a@b.example' : '123456';
        expect(email.body).toContain(expected);
        expect(sms.body).toContain(expected);
        expect(sms.body.length).toBeLessThanOrEqual(70 * 2);
      }
    }
    expect(
      renderMessage('password_reset', 'email', 'en', { code: '1', link: 'https://l.example/x', minutes: 10 })
        .body,
    ).toContain('https://l.example/x');
  });
});
