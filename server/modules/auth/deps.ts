import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { deliverMessages, enqueueMessage, type MessageDraft } from '../outbox/service';

/** What the accounts services need: the app context plus the request's logger. */
export type AuthDeps = Pick<AppContext, 'db' | 'config' | 'clock' | 'keys' | 'senders'> & {
  log: FastifyBaseLogger;
};

export interface Outbox {
  /** Writes a message in the current transaction; it is handed to its sender after the commit. */
  send(draft: MessageDraft): Promise<void>;
}

/**
 * Runs `work` in one transaction with an outbox bound to it; once committed, the messages it wrote are
 * delivered. A failure rolls back the change and its messages together.
 */
export async function inTransaction<T>(
  deps: AuthDeps,
  work: (tx: Executor, outbox: Outbox) => Promise<T>,
): Promise<T> {
  const ids: number[] = [];
  const result = await deps.db.transaction(async (tx) =>
    work(tx, {
      async send(draft) {
        // The code and link columns serve GET /dev/outbox only; in production they stay empty (the body,
        // which the sender delivers, still carries them).
        const stored = deps.config.nodeEnv === 'production' ? { ...draft, code: null, link: null } : draft;
        ids.push(await enqueueMessage(tx, stored, deps.clock()));
      },
    }),
  );
  if (ids.length > 0) {
    await deliverMessages({ db: deps.db, senders: deps.senders, log: deps.log, now: deps.clock }, ids);
  }
  return result;
}
