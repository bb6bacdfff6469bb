import { CUSTOMER_IO_DEFAULT_CDN } from '@/lib/constants/customer-messaging';
import type { CustomerIoConfig } from './customer-io';

/**
 * The customer-messaging script's configuration (spec section 7): Customer.io's public key and site id
 * from `NEXT_PUBLIC_CUSTOMER_MESSAGING_KEY` and `NEXT_PUBLIC_CUSTOMER_MESSAGING_SITE_ID` (build time),
 * and its region's CDN from `NEXT_PUBLIC_CUSTOMER_MESSAGING_CDN` (default the US one). Without the key
 * or the site id: null, and nothing loads.
 */
export function customerMessagingConfig(env: {
  key?: string;
  siteId?: string;
  cdnUrl?: string;
}): CustomerIoConfig | null {
  const writeKey = env.key?.trim();
  const siteId = env.siteId?.trim();
  if (!writeKey || !siteId) return null;
  return { writeKey, siteId, cdnUrl: env.cdnUrl?.trim() || CUSTOMER_IO_DEFAULT_CDN };
}

/** This build's configuration (each variable written out so Next.js inlines it). */
export const CUSTOMER_MESSAGING_CONFIG = customerMessagingConfig({
  key: process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_KEY,
  siteId: process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_SITE_ID,
  cdnUrl: process.env.NEXT_PUBLIC_CUSTOMER_MESSAGING_CDN,
});
