/**
 * Traffic (issue 6): mirror data per domain, path redirect rules, and attribution (visits, client
 * reports, sources attached to users, advertising clicks, page-open events) with the report that counts
 * visits, registrations and deposits per source. One file per part: mirrors.ts, redirects.ts,
 * attribution.ts, ad-clicks.ts (clicks and UTM campaigns), report.ts, retention.ts; the SQL in
 * repository.ts. This file names what code outside the module calls (the middleware benchmark).
 */
export { upsertMirror } from './mirrors';
export { upsertRedirectRule } from './redirects';
