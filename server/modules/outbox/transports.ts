import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { outboxOnlySender, type Senders } from './senders';
import { smsRuSender } from './sms';
import { smtpSender } from './smtp';

/**
 * The configured transports; the outbox-only sender for a channel without one. Says at start which
 * channel goes where (a warning in production for a channel nothing delivers).
 */
export function sendersFromConfig(
  { messaging, nodeEnv }: Pick<Config, 'messaging' | 'nodeEnv'>,
  log?: FastifyBaseLogger,
): Senders {
  const senders = {
    email: messaging.smtp ? smtpSender(messaging.smtp) : outboxOnlySender,
    sms: messaging.sms ? smsRuSender(messaging.sms) : outboxOnlySender,
  };
  const email = messaging.smtp
    ? `through SMTP ${messaging.smtp.host}:${messaging.smtp.port}`
    : 'kept queued in the outbox (SMTP_URL or SMTP_HOST not set)';
  const sms = messaging.sms
    ? `through ${new URL(messaging.sms.apiUrl).host}`
    : 'kept queued in the outbox (SMS_API_KEY not set)';
  const line = `outbox: e-mail ${email}; SMS ${sms}`;
  if (nodeEnv === 'production' && (!messaging.smtp || !messaging.sms)) log?.warn(line);
  else log?.info(line);
  return senders;
}
