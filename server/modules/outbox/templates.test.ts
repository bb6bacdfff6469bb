import { describe, expect, it } from 'vitest';
import type { MessageLocale } from '../../lib/locale';
import { renderMessage, type TemplateName } from '../auth/templates';
import { payoutMessage, type NotifiedStatus } from '../payouts/messages';
import { HTML_LANG, renderEmailHtml } from './email-html';
import { messagingConfig, messagingEnv } from './transport-config';

// Every template the product sends; `satisfies` fails to compile when one is added and not listed here.
const AUTH_TEMPLATES = Object.keys({
  login_code: true,
  verify_code: true,
  password_reset: true,
  login_data: true,
} satisfies Record<TemplateName, true>) as TemplateName[];
const PAYOUT_STATUSES = Object.keys({
  review: true,
  sent: true,
  paid: true,
  failed: true,
  rejected: true,
  cancelled: true,
} satisfies Record<NotifiedStatus, true>) as NotifiedStatus[];
const LOCALES: MessageLocale[] = ['ru', 'en', 'kz'];
const PARAMS = {
  code: '482913',
  link: 'https://aurum.test/ru/reset-password/tok?a=1&b=2',
  login: 'p@x.test',
  minutes: 10,
};

type Rendered = { subject: string; text: string; html: string; sms: string };

function render(template: string, locale: MessageLocale): Rendered {
  if (template.startsWith('payout_')) {
    const status = template.slice('payout_'.length) as NotifiedStatus;
    const message = payoutMessage(locale, status, { id: 42, amount: '100.00 KZT' });
    return {
      subject: message.subject,
      text: message.body,
      html: renderEmailHtml({ locale, subject: message.subject, text: message.body }),
      sms: message.body,
    };
  }
  const email = renderMessage(template as TemplateName, 'email', locale, PARAMS);
  return {
    subject: email.subject!,
    text: email.body,
    html: renderEmailHtml({
      locale,
      subject: email.subject!,
      text: email.body,
      code: PARAMS.code,
      link: PARAMS.link,
    }),
    sms: renderMessage(template as TemplateName, 'sms', locale, PARAMS).body,
  };
}

const ALL = [...AUTH_TEMPLATES, ...PAYOUT_STATUSES.map((status) => `payout_${status}`)];

describe('message templates', () => {
  it.each(ALL)(
    '%s exists in ru, en and kz as subject, text, HTML and SMS, each language its own',
    (template) => {
      const byLocale = LOCALES.map((locale) => render(template, locale));
      for (const [index, rendered] of byLocale.entries()) {
        const locale = LOCALES[index];
        for (const part of Object.values(rendered)) {
          expect(part.trim().length).toBeGreaterThan(0);
          expect(part).not.toMatch(/undefined|null|NaN|\[object/);
        }
        expect(rendered.html).toContain(`<html lang="${HTML_LANG[locale]}">`);
        // Every paragraph of the text is in the HTML (escaped), the subject is its title.
        expect(rendered.html).toContain(`<title>${rendered.subject.replace(/&/g, '&amp;')}</title>`);
        const firstWords = rendered.text.split(/[\s:]/)[0];
        expect(rendered.html).toContain(firstWords);
      }
      // Each language says it in its own words.
      expect(new Set(byLocale.map((r) => r.subject)).size).toBe(3);
      expect(new Set(byLocale.map((r) => r.text)).size).toBe(3);
      expect(new Set(byLocale.map((r) => r.html)).size).toBe(3);
    },
  );

  it('set the code large and the link as a link and a button, escaped', () => {
    const { html } = render('password_reset', 'en');
    expect(html).toContain(
      `<strong style="font-size:28px;letter-spacing:4px;font-family:monospace">482913</strong>`,
    );
    expect(html).toContain('href="https://aurum.test/ru/reset-password/tok?a=1&amp;b=2"');
    expect(html).toContain('>Open the link</a>');
    expect(html).not.toContain('a=1&b=2');
  });

  it('escape whatever a player typed', () => {
    const hostile = '"><img src=x onerror=alert(1)>@x.test';
    const email = renderMessage('login_data', 'email', 'ru', { login: hostile });
    const html = renderEmailHtml({
      locale: 'ru',
      subject: '<b>s</b>',
      text: email.body,
      link: 'javascript:alert(1)',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>s');
    expect(html).toContain('&quot;&gt;&lt;img src=x onerror=alert(1)&gt;@x.test');
    expect(html).not.toContain('javascript:');
  });
});

describe('transport configuration', () => {
  const parse = (env: Record<string, string>) => {
    const problems: string[] = [];
    const config = messagingConfig(messagingEnv.parse(env), problems);
    return { config, problems };
  };

  it('keeps both channels in the outbox when nothing is set', () => {
    expect(parse({})).toEqual({ config: { smtp: null, sms: null }, problems: [] });
  });

  it('reads SMTP_URL (credentials URL-encoded) or the SMTP_HOST group, and needs MAIL_FROM', () => {
    expect(
      parse({ SMTP_URL: 'smtps://us%40er:p%3Ass@mail.example.com', MAIL_FROM: 'A <a@b.c>' }).config.smtp,
    ).toEqual({
      host: 'mail.example.com',
      port: 465,
      secure: true,
      user: 'us@er',
      password: 'p:ss',
      from: 'A <a@b.c>',
    });
    expect(
      parse({ SMTP_HOST: 'mx', SMTP_USER: 'u', SMTP_PASSWORD: 'p', MAIL_FROM: 'a@b.c' }).config.smtp,
    ).toMatchObject({
      host: 'mx',
      port: 587,
      secure: false,
    });
    expect(parse({ SMTP_HOST: 'mx' }).problems).toEqual([expect.stringContaining('MAIL_FROM: required')]);
    expect(parse({ SMTP_HOST: 'mx', SMTP_URL: 'smtp://mx', MAIL_FROM: 'a@b.c' }).problems).toEqual([
      expect.stringContaining('not both'),
    ]);
  });

  it('turns SMS on with SMS_API_KEY, at SMS.ru unless SMS_API_URL says otherwise', () => {
    expect(parse({ SMS_API_KEY: 'k', SMS_SENDER: 'Aurum' }).config.sms).toEqual({
      apiUrl: 'https://sms.ru/sms/send',
      apiKey: 'k',
      sender: 'Aurum',
    });
  });
});
