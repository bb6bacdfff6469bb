import type { FastifyBaseLogger } from 'fastify';
import { outboxOnlySender, type Senders } from './senders';
import { smsRuSender } from './sms';
import { smtpSender } from './smtp';
import type { MessagingConfig } from './transport-config';

/** The configured transports; the outbox-only sender for a channel without one. */
export function sendersFromConfig(messaging: MessagingConfig, log?: FastifyBaseLogger): Senders {
  const senders = {
    email: messaging.smtp ? smtpSender(messaging.smtp) : outboxOnlySender,
    sms: messaging.sms ? smsRuSender(messaging.sms) : outboxOnlySender,
  };
  log?.info(
    `outbox: e-mail ${messaging.smtp ? `through SMTP ${messaging.smtp.host}:${messaging.smtp.port}` : 'kept in the outbox (SMTP not configured)'}, SMS ${messaging.sms ? `through ${new URL(messaging.sms.apiUrl).host}` : 'kept in the outbox (SMS_API_KEY not set)'}`,
  );
  return senders;
}
