import { z } from 'zod';

/**
 * zod compiles object parsers with `new Function` when the page allows it, and probes for that on its
 * first parse; the Content-Security-Policy has no 'unsafe-eval' (lib/security/headers.ts), so the probe
 * would be reported as a violation on every page. Parsing without the compiled fast path is what zod
 * does under such a policy anyway. Imported first by the app's client providers.
 */
z.config({ jitless: true });
