/**
 * Plain HTTP for the benches: one keep-alive agent per bench and a call that answers its status and body
 * (node:http, not fetch: no per-call overhead of its own in the figures).
 */
import http from 'node:http';

export const benchAgent = () => new http.Agent({ keepAlive: true, maxSockets: 256 });

/** One call; `payload` is JSON text (null: no body). Rejects only on a network failure. */
export function httpRequest(
  agent: http.Agent,
  method: 'GET' | 'POST',
  url: string,
  payload: string | null,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const call = http.request(
      url,
      {
        method,
        agent,
        headers:
          payload === null
            ? headers
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
                ...headers,
              },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end(payload ?? undefined);
  });
}
