#!/usr/bin/env node
/**
 * A local SMTP sink for tests: an SMTP server (npm `smtp-server`, loopback only, no TLS, any credentials)
 * that keeps every message it receives, parsed into its text and HTML parts.
 *
 * - Imported (the API tests): `startSmtpSink()` on a random port; `close()` stops it.
 * - Run (`node scripts/smtp-sink.mjs`, the e2e stack's extra web server): SMTP on SMTP_SINK_PORT and, on
 *   SMTP_SINK_HTTP_PORT, `GET /messages?to=<address>` answering the messages to that address as JSON,
 *   newest first (`GET /` answers 200 once both listen). Both bind 127.0.0.1 only; it stops on SIGTERM or
 *   SIGINT, or when its parent process exits.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';

/** `=?UTF-8?B?…?=` and `=?UTF-8?Q?…?=` words of a header decoded (RFC 2047); adjacent words joined. */
export function decodeHeader(value) {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([bBqQ])\?([^?]*)\?=/g, (_word, charset, encoding, text) => {
      const bytes =
        encoding.toUpperCase() === 'B'
          ? Buffer.from(text, 'base64')
          : Buffer.from(
              text
                .replace(/_/g, ' ')
                .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
              'latin1',
            );
      return new TextDecoder(charset).decode(bytes);
    });
}

/** Header block → { lower-case name: value } (folded lines unfolded, encoded words decoded). */
function parseHeaders(block) {
  const headers = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = decodeHeader(line.slice(colon + 1).trim());
  }
  return headers;
}

function splitEntity(raw) {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, match.index)), body: raw.slice(match.index + match[0].length) };
}

function decodeBody(body, headers) {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const charset = /charset="?([^";\s]+)"?/i.exec(headers['content-type'] ?? '')?.[1] ?? 'utf-8';
  let bytes;
  if (encoding === 'base64') bytes = Buffer.from(body.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') {
    bytes = Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    );
  } else bytes = Buffer.from(body, 'latin1');
  return new TextDecoder(charset).decode(bytes);
}

/** The parts of a (possibly nested) multipart entity, leaves only. */
function leaves(raw) {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!/^multipart\//i.test(type) || !boundary) return [{ headers, body }];
  const parts = body.split(
    new RegExp(`\\r?\\n?--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?\\r?\\n?`),
  );
  return parts.slice(1, -1).flatMap((part) => (part.trim() ? leaves(part) : []));
}

/** A raw RFC 5322 message (as nodemailer writes it) → its addresses, subject, text and HTML parts. */
export function parseMail(raw) {
  const { headers } = splitEntity(raw);
  const parts = leaves(raw);
  const part = (type) => {
    const found = parts.find((p) =>
      (p.headers['content-type'] ?? 'text/plain').toLowerCase().startsWith(type),
    );
    return found ? decodeBody(found.body, found.headers) : null;
  };
  return {
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    messageId: headers['message-id'] ?? '',
    contentLanguage: headers['content-language'] ?? null,
    text: part('text/plain'),
    html: part('text/html'),
    headers,
  };
}

/**
 * Starts the sink on `host:port` (port 0: a free one). `refuse` (settable later on the handle) makes every
 * message fail with an SMTP error: `{ code: 451 }` (temporary) or `{ code: 550 }` (permanent).
 */
export async function startSmtpSink({ host = '127.0.0.1', port = 0 } = {}) {
  const messages = [];
  const waiters = new Set();
  const handle = {
    messages,
    /** Null, or `{ code, message }` to refuse every message with. */
    refuse: null,
    port: 0,
    /** Resolves with the first message to `to` (now or later); rejects after `timeoutMs`. */
    waitFor(to, timeoutMs = 10_000) {
      const found = messages.find((m) => m.envelopeTo.includes(to.toLowerCase()));
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = {
          to: to.toLowerCase(),
          resolve: (m) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(m);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`no message to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    logger: false,
    // A client's pooled connection must not hold `close()` for the default 30 s.
    closeTimeout: 1_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'sink' });
    },
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        if (handle.refuse) {
          const error = Object.assign(new Error(handle.refuse.message ?? 'refused by the sink'), {
            responseCode: handle.refuse.code,
          });
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('latin1');
        const message = {
          ...parseMail(raw),
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          receivedAt: new Date().toISOString(),
        };
        messages.push(message);
        for (const waiter of [...waiters])
          if (message.envelopeTo.includes(waiter.to)) waiter.resolve(message);
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  handle.port = server.server.address().port;
  return handle;
}

async function main() {
  const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2525);
  const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2580);
  const sink = await startSmtpSink({ port: smtpPort });
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    response.setHeader('cache-control', 'no-store');
    if (url.pathname === '/messages') {
      const to = (url.searchParams.get('to') ?? '').toLowerCase();
      const found = sink.messages.filter((m) => !to || m.envelopeTo.includes(to)).reverse();
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.end(JSON.stringify({ messages: found }));
      return;
    }
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end(url.pathname === '/' ? `SMTP sink on 127.0.0.1:${sink.port}\n` : 'Not Found\n');
  });
  await new Promise((resolve) => http.listen(httpPort, '127.0.0.1', () => resolve()));
  console.log(`SMTP sink: SMTP on 127.0.0.1:${sink.port}, messages on http://127.0.0.1:${httpPort}/messages`);
  const stop = () => {
    http.close();
    void sink.close().then(() => process.exit(0));
    setTimeout(() => process.exit(0), 2_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // Stop with the parent (Playwright's web server runner) even if it dies without a signal.
  const parent = process.ppid;
  setInterval(() => {
    try {
      process.kill(parent, 0);
    } catch {
      stop();
    }
  }, 1_000).unref();
}

if (import.meta.url === `file://${process.argv[1]}`) void main();
