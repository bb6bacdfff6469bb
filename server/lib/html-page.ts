/**
 * Headers of the few HTML pages the API server serves outside production (the sandbox social provider
 * and the sandbox invoice page). Every other answer is JSON under the strict policy of app.ts
 * (`default-src 'none'`); these pages get their own: inline styles, and only the inline script carrying
 * this answer's nonce. `opener: true` keeps the window.opener link (no Cross-Origin-Opener-Policy), which
 * the social pages need to post their result to the web app that opened them.
 */
import type { FastifyReply } from 'fastify';

export function htmlPagePolicy(scriptNonce?: string): string {
  const script = scriptNonce ? `'nonce-${scriptNonce}'` : `'none'`;
  return [
    "default-src 'none'",
    `script-src ${script}`,
    "style-src 'unsafe-inline'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function sendHtml(
  reply: FastifyReply,
  status: number,
  body: string,
  options: { scriptNonce?: string; opener?: boolean } = {},
): FastifyReply {
  if (options.opener) reply.raw.removeHeader('cross-origin-opener-policy');
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', htmlPagePolicy(options.scriptNonce))
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(body);
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
