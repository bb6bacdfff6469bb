import { devOutboxQuery, devOutboxReply } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
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
};
