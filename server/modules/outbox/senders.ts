/**
 * Delivery of outbox messages: one MessageSender per channel. `smtpSender` (smtp.ts) and `smsRuSender`
 * (sms.ts) are built from the configuration (`sendersFromConfig`, transports.ts); a channel without one gets the
 * outbox-only sender, which delivers nothing: its messages stay `queued` in `outbox_messages` (the sandbox
 * of `npm start`, read through GET /dev/outbox outside production, or an external relay's queue).
 */
export interface OutgoingMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  template: string;
  locale: string;
  subject: string | null;
  /** The plain text: the e-mail's text part, or the SMS. */
  body: string;
  /** The e-mail's HTML part (null for an SMS, and for e-mails queued before issue 20). */
  html: string | null;
}

export interface MessageSender {
  /** True for the outbox-only sender: the delivery job leaves the channel's messages queued. */
  readonly outboxOnly?: boolean;
  /** Resolves once the provider accepted the message; throws otherwise (PermanentDeliveryError: never retry). */
  send(message: OutgoingMessage): Promise<void>;
  /** Releases connections (the SMTP pool); called when the app closes. */
  close?(): void | Promise<void>;
}

/** A refusal that a retry cannot change (a mailbox that does not exist, a number the provider rejects). */
export class PermanentDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

export interface Senders {
  email: MessageSender;
  sms: MessageSender;
}

export const outboxOnlySender: MessageSender = {
  outboxOnly: true,
  async send() {
    // Nothing to do: the outbox row is the delivery.
  },
};

export const defaultSenders: Senders = { email: outboxOnlySender, sms: outboxOnlySender };
