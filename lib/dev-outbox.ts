import { resolveApiBaseUrl } from '@/lib/api/base-url';

/**
 * The API's local outbox page for an e-mail address or phone number (`/dev/outbox/view`), where a
 * non-production API server keeps the messages it would have sent, or null. Shown only when the build
 * says the API it talks to has that outbox (`NEXT_PUBLIC_DEV_OUTBOX=1`, which `npm start` sets whenever
 * it runs the API with its development helpers); a production build never links to it.
 */
export function devOutboxUrl(
  to: string,
  base: string = resolveApiBaseUrl(),
  flag: string | undefined = process.env.NEXT_PUBLIC_DEV_OUTBOX,
): string | null {
  if (flag !== '1' || !to.trim()) return null;
  return `${base.replace(/\/+$/, '')}/dev/outbox/view?to=${encodeURIComponent(to.trim())}`;
}
