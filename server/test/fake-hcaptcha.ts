/**
 * A local stand-in for hCaptcha's siteverify (https://docs.hcaptcha.com/#verify-the-user-response-server-side)
 * on 127.0.0.1 that speaks its protocol: a form-encoded POST of `secret`, `response`, `remoteip` and
 * optionally `sitekey`, answered with JSON `{ success, challenge_ts, hostname, "error-codes" }`. Tokens are
 * issued by the test (`issue`) for a site key, as the widget would in the browser; each is good once.
 * Refusals carry hCaptcha's error codes: `invalid-input-secret`, `missing-input-response`,
 * `invalid-input-response`, `invalid-or-already-seen-response` and `sitekey-secret-mismatch` (a token of
 * another site key). `failNext` makes the next calls answer HTTP 5xx.
 */
import { readText, sendJson, startFakeServer } from './http-fake';

export interface SiteverifyCall {
  contentType: string | undefined;
  /** The form fields as received. */
  form: Record<string, string>;
}

export async function startFakeHcaptcha(options: { secret: string }) {
  /** Issued, not yet verified tokens and the site key each was issued for. */
  const tokens = new Map<string, string>();
  const seen = new Set<string>();
  const calls: SiteverifyCall[] = [];
  const state = { failNext: 0, failStatus: 500 };
  let issued = 0;

  const server = await startFakeServer(async (request, response) => {
    const raw = await readText(request);
    const reply = (status: number, body: unknown) => sendJson(response, status, body);
    const refuse = (...codes: string[]) => reply(200, { success: false, 'error-codes': codes });
    if (request.method !== 'POST' || request.url !== '/siteverify') {
      reply(404, { success: false, 'error-codes': ['bad-request'] });
      return;
    }
    const form = Object.fromEntries(new URLSearchParams(raw));
    calls.push({ contentType: request.headers['content-type'], form });
    if (state.failNext > 0) {
      state.failNext -= 1;
      reply(state.failStatus, { error: 'upstream unavailable' });
      return;
    }
    if (!form.secret) return refuse('missing-input-secret');
    if (form.secret !== options.secret) return refuse('invalid-input-secret');
    if (!form.response) return refuse('missing-input-response');
    if (seen.has(form.response)) return refuse('invalid-or-already-seen-response');
    const sitekey = tokens.get(form.response);
    if (sitekey === undefined) return refuse('invalid-input-response');
    if (form.sitekey && form.sitekey !== sitekey) return refuse('sitekey-secret-mismatch');
    tokens.delete(form.response);
    seen.add(form.response);
    reply(200, { success: true, challenge_ts: new Date().toISOString(), hostname: 'localhost' });
  });

  return {
    url: `${server.url}/siteverify`,
    calls,
    state,
    /** A token the widget of `sitekey` would have produced. */
    issue(sitekey: string): string {
      issued += 1;
      const token = `P1_test-token-${issued}`;
      tokens.set(token, sitekey);
      return token;
    },
    close: server.close,
  };
}
