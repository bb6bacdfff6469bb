import { devOutboxQuery, devOutboxReply } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import { escapeHtml, sendHtml } from '../../lib/html-page';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { listMessagesTo, visibleMessage } from './service';

/** `+7 701 000-00-01`, `77010000001` (a `+` read as a space from the query) → `+77010000001`; e-mail lower-cased. */
export function normaliseRecipient(raw: string): string {
  const value = raw.trim();
  if (value.includes('@')) return value.toLowerCase();
  const digits = value.replace(/[\s()+-]/g, '');
  return /^\d+$/.test(digits) ? `+${digits}` : value;
}

/**
 * `GET /dev/outbox?to=<email or phone>` (registered outside production only): what was sent to that
 * address, newest first, with the one-time code and link as fields, for testers and e2e tests. Once a
 * message's code or link has expired (`expires_at`), its body reads REDACTED_BODY and code and link are
 * null: the outbox is no lasting record of secrets.
 */
export const devOutboxRoutes: RoutePlugin<AppContext> = async (app, { db, clock }) => {
  app.get(
    '/dev/outbox',
    { schema: { querystring: devOutboxQuery, response: { 200: devOutboxReply } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const now = clock();
      const rows = (await listMessagesTo(db, normaliseRecipient(request.query.to))).map((row) =>
        visibleMessage(row, now),
      );
      return {
        messages: rows.map((row) => ({
          id: row.id,
          channel: row.channel as 'email' | 'sms',
          to: row.recipient,
          template: row.template,
          locale: row.locale,
          subject: row.subject,
          body: row.body,
          code: row.code,
          link: row.link,
          created_at: row.createdAt.toISOString(),
          expires_at: row.expiresAt?.toISOString() ?? null,
        })),
      };
    },
  );

  /**
   * `GET /dev/outbox/view?to=…`: the same messages as a page for a person, which the web app's code
   * steps link to outside production ("the code went to the local outbox: open it").
   */
  app.get('/dev/outbox/view', { schema: { querystring: devOutboxQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const to = normaliseRecipient(request.query.to);
    const now = clock();
    const rows = (await listMessagesTo(db, to)).map((row) => visibleMessage(row, now));
    const items = rows.map(
      (row) => `
      <article>
        <h2>${escapeHtml(row.subject ?? row.template)}</h2>
        <p class="meta">${escapeHtml(row.channel)} · ${escapeHtml(row.createdAt.toISOString())}</p>
        ${row.code ? `<p>Code: <strong class="code">${escapeHtml(row.code)}</strong></p>` : ''}
        ${row.link ? `<p><a href="${escapeHtml(row.link)}">${escapeHtml(row.link)}</a></p>` : ''}
        <pre>${escapeHtml(row.body)}</pre>
      </article>`,
    );
    const body = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox: ${escapeHtml(to)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#555;font-size:14px}
.code{font-size:28px;letter-spacing:4px}pre{white-space:pre-wrap;word-break:break-word}</style></head>
<body><h1>Local outbox: ${escapeHtml(to)}</h1>
<p>Messages the API server would have sent (newest first). This page exists only outside production.</p>
${items.length ? items.join('') : '<p>Nothing was sent to this address yet.</p>'}
</body></html>`;
    return sendHtml(reply, 200, body);
  });
};
