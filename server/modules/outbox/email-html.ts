/**
 * The HTML part of every e-mail, in the message's language. Each template's words are written once, as
 * plain text (auth/templates.ts, payouts/messages.ts): that text is the e-mail's text part and the SMS,
 * and this layout turns it into the HTML part: the brand's header, the paragraphs (every character
 * escaped), the one-time code set large, the link as a button, and a footer in ru, en or kz. Built when
 * the message is queued, so the outbox holds exactly what is sent (and the purge blanks both parts).
 */
import type { MessageLocale } from '../../lib/locale';
import { escapeHtml } from '../../lib/html-page';

const BRAND = 'Aurum';

/** `lang` of the HTML document: Kazakh is `kk` in BCP 47 (the product says `kz`). */
export const HTML_LANG: Record<MessageLocale, string> = { ru: 'ru', en: 'en', kz: 'kk' };

const FOOTER: Record<MessageLocale, { automatic: string; button: string }> = {
  ru: {
    automatic: `Это письмо отправлено автоматически сервисом ${BRAND}. Не отвечайте на него.`,
    button: 'Открыть ссылку',
  },
  en: {
    automatic: `This message was sent automatically by ${BRAND}. Please do not reply to it.`,
    button: 'Open the link',
  },
  kz: {
    automatic: `Бұл хатты ${BRAND} қызметі автоматты түрде жіберді. Оған жауап бермеңіз.`,
    button: 'Сілтемені ашу',
  },
};

export interface EmailHtmlInput {
  locale: MessageLocale;
  subject: string;
  /** The plain-text body: paragraphs separated by a blank line. */
  text: string;
  /** The one-time code the text carries, set large where it appears. */
  code?: string | null;
  /** The link the text carries, made a link where it appears and a button under the text. */
  link?: string | null;
}

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;

/** One paragraph: escaped, with the code emphasised, addresses as links and line breaks kept. */
function paragraph(raw: string, code: string | null | undefined): string {
  let html = '';
  let last = 0;
  for (const match of raw.matchAll(URL_PATTERN)) {
    html += inline(raw.slice(last, match.index), code);
    const url = match[0];
    html += `<a href="${escapeHtml(url)}" style="color:#b8860b">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  html += inline(raw.slice(last), code);
  return `<p style="margin:0 0 16px;font-size:16px;line-height:1.5">${html.replace(/\n/g, '<br>')}</p>`;
}

function inline(raw: string, code: string | null | undefined): string {
  if (!code || !raw.includes(code)) return escapeHtml(raw);
  return raw
    .split(code)
    .map(escapeHtml)
    .join(
      `<strong style="font-size:28px;letter-spacing:4px;font-family:monospace">${escapeHtml(code)}</strong>`,
    );
}

export function renderEmailHtml({ locale, subject, text, code, link }: EmailHtmlInput): string {
  const footer = FOOTER[locale];
  const paragraphs = text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => paragraph(part, code));
  const button =
    link && /^https?:\/\//.test(link)
      ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 24px;background:#b8860b;color:#fff;border-radius:8px;text-decoration:none;font-weight:bold">${escapeHtml(footer.button)}</a></p>`
      : '';
  return `<!doctype html>
<html lang="${HTML_LANG[locale]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px">
<tr><td style="padding:20px 24px;background:#18181b;border-radius:12px 12px 0 0;color:#f5c542;font-size:22px;font-weight:bold">${BRAND}</td></tr>
<tr><td style="padding:24px">
${paragraphs.join('\n')}
${button}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e4e4e7;color:#71717a;font-size:12px">${escapeHtml(footer.automatic)}</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}
