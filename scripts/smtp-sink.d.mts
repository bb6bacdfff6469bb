/** Types of scripts/smtp-sink.mjs (for the API tests and the e2e journey). */
export interface SinkMessage {
  from: string;
  to: string;
  subject: string;
  messageId: string;
  contentLanguage: string | null;
  text: string | null;
  html: string | null;
  headers: Record<string, string>;
  envelopeFrom: string;
  envelopeTo: string[];
  receivedAt: string;
}
export interface SmtpSink {
  messages: SinkMessage[];
  refuse: { code: number; message?: string } | null;
  port: number;
  waitFor(to: string, timeoutMs?: number): Promise<SinkMessage>;
  close(): Promise<void>;
}
export function decodeHeader(value: string): string;
export function parseMail(raw: string): Omit<SinkMessage, 'envelopeFrom' | 'envelopeTo' | 'receivedAt'>;
export function startSmtpSink(options?: { host?: string; port?: number }): Promise<SmtpSink>;
