/**
 * zod compiles object parsers with `new Function` when the page allows it, and probes for that on its
 * first parse; the Content-Security-Policy has no 'unsafe-eval' (lib/security/headers.ts), so the probe
 * would be reported as a violation on every page. Parsing without the compiled fast path is what zod
 * does under such a policy anyway. Imported first by the app's client providers.
 *
 * zod keeps its settings in `globalThis.__zod_globalConfig` (what `z.config()` writes), so the setting
 * is made there, without importing zod: zod itself then loads only with the code that parses (the forms
 * and the API calls, after the first screen), and finds the setting whether it loads before or after.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
(scope.__zod_globalConfig ??= {}).jitless = true;

export {};
