import type { APIRequestContext } from '@playwright/test';
import type { SinkMessage } from '../../scripts/smtp-sink.d.mts';
import { expect, gotoHydrated, signUpByEmail, test, uniqueEmail } from './support';

/** The SMTP sink's message list, beside the e2e stack (playwright.config.ts starts it first). */
const SINK_URL = `http://127.0.0.1:${process.env.E2E_SMTP_HTTP_PORT ?? '4126'}`;

/** The first e-mail the local SMTP server received for `to`, waiting until it arrives. */
async function receivedMail(request: APIRequestContext, to: string): Promise<SinkMessage> {
  let mail: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${SINK_URL}/messages`, { params: { to } });
        mail = ((await response.json()) as { messages: SinkMessage[] }).messages[0];
        return mail;
      },
      { timeout: 15_000 },
    )
    .toBeTruthy();
  return mail!;
}

test.describe('e-mail through SMTP', () => {
  test('an e-mail sign-up whose code arrives through the local SMTP server, in Kazakh', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('smtp');
    await gotoHydrated(page, '/kz');
    await signUpByEmail(page, email, 'correct-horse-1');

    // The code is read from the e-mail the SMTP server received, not from the outbox.
    const mail = await receivedMail(request, email);
    expect(mail.envelopeTo).toEqual([email]);
    expect(mail.subject).toBe('Aurum: мекенжайды растау');
    const code = /Растау коды: (\d{6})/.exec(mail.text ?? '')?.[1];
    expect(code).toBeTruthy();
    expect(mail.html).toContain('<html lang="kk">');
    expect(mail.html).toContain(`>${code}</strong>`);

    await page.getByTestId('code-input').fill(code!);
    await page.getByTestId('verify-submit').click();
    await expect(page.getByTestId('modal-signup')).toHaveCount(0);
    await expect(page.getByTestId('account-area')).toBeVisible();
  });
});
