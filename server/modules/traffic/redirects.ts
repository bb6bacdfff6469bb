/**
 * Path redirect rules: the web middleware asks for the redirect of each visited path; the operator
 * edits rules with `npm run admin -- redirect …`.
 */
import {
  normalizePath,
  parseHttpUrl,
  PATH_MAX,
  splitLocale,
  type RedirectReply,
} from '@/lib/contracts/traffic';
import type { Executor } from '../../db/client';
import { enabledRulesFor, putRedirectRule, redirectRuleExists } from './repository';
import type { RedirectRuleRow } from './schema';

export type RedirectStatus = 301 | 302;
export type RedirectAnswer = NonNullable<RedirectReply['redirect']>;

/**
 * A rule's target as an operator typed it: an internal path (`/bonuses`, `/games/dice?x=1`; not
 * `//host`) or an absolute http(s) URL (external). Null when it is neither.
 */
export function parseRedirectTarget(raw: string): { target: string; external: boolean } | null {
  const value = raw.trim();
  if (value.startsWith('/')) {
    if (value.startsWith('//') || value.length > PATH_MAX) return null;
    if (/[\u0000-\u001f\u007f\s\\]/.test(value)) return null;
    return { target: value, external: false };
  }
  const url = parseHttpUrl(value);
  return url ? { target: url.href, external: true } : null;
}

const isExternal = (target: string) => !target.startsWith('/');

/** `/bonuses?x=1` with locale `en` → `/en/bonuses?x=1`; a target already carrying a locale is kept. */
function localise(target: string, locale: string | null): string {
  if (!locale) return target;
  const end = target.search(/[?#]/);
  const path = end === -1 ? target : target.slice(0, end);
  const rest = end === -1 ? '' : target.slice(end);
  if (splitLocale(path.toLowerCase()).locale !== null) return target;
  return `${path === '/' ? `/${locale}` : `/${locale}${path}`}${rest}`;
}

/**
 * The redirect for a visited path. Matching: the normalised path (so a rule for `/en/old` applies to
 * English visitors only), then the path without its locale prefix (`/en/old` → `/old`, `/en` → `/`:
 * the root redirect). An internal target gets the visitor's locale prefix back. Disabled rules, and a
 * rule that would send the visitor to the path they are on, answer null.
 */
export async function findRedirect(db: Executor, rawPath: string): Promise<RedirectAnswer | null> {
  const path = normalizePath(rawPath);
  if (path === null) return null;
  const { locale, path: bare } = splitLocale(path);
  const candidates = locale ? [path, bare] : [path];
  const rows = await enabledRulesFor(db, candidates);
  for (const candidate of candidates) {
    const rule = rows.find((row) => row.sourcePath === candidate);
    if (!rule) continue;
    const status = rule.status === 301 ? 301 : 302;
    if (isExternal(rule.target)) return { to: rule.target, external: true, status };
    const to = candidate === path ? rule.target : localise(rule.target, locale);
    if (normalizePath(to) === path) return null;
    return { to, external: false, status };
  }
  return null;
}

export async function upsertRedirectRule(
  db: Executor,
  input: { sourcePath: string; target: string; status: RedirectStatus; enabled: boolean },
  now: Date,
): Promise<{ row: RedirectRuleRow; created: boolean }> {
  const existed = await redirectRuleExists(db, input.sourcePath);
  const row = await putRedirectRule(db, input, now);
  return { row, created: !existed };
}
