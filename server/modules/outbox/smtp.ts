/**
 * E-mail through SMTP with nodemailer (SMTP_URL or SMTP_HOST…, MAIL_FROM): a multipart/alternative message
 * with the text and HTML parts the outbox holds, and the outbox id in its Message-ID, so a message retried
 * after a lost answer can be recognised as the same one by the receiving side.
 */
import nodemailer from 'nodemailer';
import { PermanentDeliveryError, type MessageSender } from './senders';
import type { SmtpConfig } from './transport-config';

/** Each SMTP step's limit: a hung server must not hold the delivery job (nodemailer's defaults are minutes). */
export const SMTP_TIMEOUT_MS = 15_000;

export function smtpSender(config: SmtpConfig): MessageSender {
  const transport = nodemailer.createTransport({
    host: config.host,
    port: config.port,
    secure: config.secure,
    auth: config.user ? { user: config.user, pass: config.password ?? '' } : undefined,
    pool: true,
    maxConnections: 2,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(config.from)?.[1] ?? 'localhost';
  return {
    async send(message) {
      try {
        await transport.sendMail({
          from: config.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.body,
          ...(message.html ? { html: message.html } : {}),
          messageId: `<outbox-${message.id}@${domain}>`,
          headers: { 'Content-Language': message.locale === 'kz' ? 'kk' : message.locale },
        });
      } catch (error) {
        // 5xx: the server refuses for good (no such mailbox, rejected sender); 4xx and network: retry.
        const code = (error as { responseCode?: number }).responseCode;
        if (code !== undefined && code >= 500 && code < 600) {
          throw new PermanentDeliveryError(`SMTP ${code}: ${(error as Error).message}`);
        }
        throw error;
      }
    },
    close() {
      transport.close();
    },
  };
}
