/**
 * What the tests' local HTTP stand-ins (hCaptcha, Cryptomus, the aggregator's studio, an SMS provider…) all
 * need: a request's body, a JSON answer, and a server on a free port of 127.0.0.1.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request's body, byte for byte as it came: what a signature over the raw body is checked against. */
export async function readBody(request: IncomingMessage): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A request's body as UTF-8 text (a form, or JSON signed as text). */
export async function readText(request: IncomingMessage): Promise<string> {
  return (await readBody(request)).toString('utf8');
}

/** Answers with `status` and `body` as JSON. */
export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export interface FakeServer {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  url: string;
  /** Stops the server, cutting the connections still open (a call it never answers, a kept-alive one). */
  close(): Promise<void>;
}

/** An HTTP server for a test's stand-in, listening on a free port of 127.0.0.1; `handler` answers each call. */
export async function startFakeServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>,
): Promise<FakeServer> {
  const server = http.createServer((request, response) => void handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
