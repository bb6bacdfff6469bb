/**
 * Delivery of outbox messages. An operator plugs an SMTP or SMS provider in by implementing
 * MessageSender and passing it to buildApp (`senders`); nothing here talks to a network. The default
 * `outboxOnlySender` delivers nothing itself: messages stay `pending` in `outbox_messages` for an
 * external relay (and, outside production, for GET /dev/outbox).
 */
export interface OutgoingMessage {
  id: number;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
}

export interface MessageSender {
  /** True for the outbox-only sender: leave messages pending instead of calling `send`. */
  readonly outboxOnly?: boolean;
  send(message: OutgoingMessage): Promise<void>;
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
