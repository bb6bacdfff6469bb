import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { enqueueMessage, type MessageDraft } from '../outbox/service';

/** What the accounts services need: the app context plus the request's logger. */
export type AuthDeps = Pick<AppContext, 'db' | 'config' | 'clock' | 'keys' | 'outbox'> & {
  log: FastifyBaseLogger;
};

export interface Outbox {
  /** Writes a message in the current transaction; the delivery job sends it after the commit. */
  send(draft: MessageDraft): Promise<void>;
}

/**
 * Runs `work` in one transaction with an outbox bound to it; once committed, the delivery job is woken to
 * send the messages it wrote, in the background: the caller answers without waiting for SMTP or SMS. A
 * failure rolls back the change and its messages together.
 */
export async function inTransaction<T>(
  deps: AuthDeps,
  work: (tx: Executor, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const ids: number[] = [];
  const result = await deps.db.transaction(async (tx) =>
    work(tx, {
      async send(draft) {
        // The code and link columns serve GET /dev/outbox only; in production they stay empty (the body
        // and HTML, which the sender delivers, still carry them).
        const secretFields = deps.config.nodeEnv !== 'production';
        ids.push(await enqueueMessage(tx, draft, deps.clock(), { secretFields }));
      },
    }),
  );
  if (ids.length > 0) deps.outbox.wake();
  return result;
}
