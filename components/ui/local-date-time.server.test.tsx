// @vitest-environment node
import { NextIntlClientProvider } from 'next-intl';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocalDateTime } from './local-date-time';

const VALUE = '2026-11-25T14:07:00.000Z';

function serverHtml(locale: 'ru' | 'kz' | 'en'): string {
  return renderToString(
    <NextIntlClientProvider locale={locale} messages={{}}>
      <LocalDateTime value={VALUE} />
    </NextIntlClientProvider>,
  );
}

describe('LocalDateTime on the server', () => {
  it("writes the time in the language's home zone", () => {
    expect(typeof window).toBe('undefined');
    expect(serverHtml('ru')).toContain('17:07'); // Moscow, UTC+3
    expect(serverHtml('kz')).toContain('19:07'); // Almaty, UTC+5
    expect(serverHtml('en')).toContain('2:07'); // UTC
    expect(serverHtml('ru')).toMatch(/^<time dateTime="2026-11-25T14:07:00.000Z">[^<]*2026[^<]*<\/time>$/);
  });
});
