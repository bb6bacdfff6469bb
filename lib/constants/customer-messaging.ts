/**
 * The customer-messaging script (spec section 7) is Customer.io's JavaScript source
 * (features/customer-messaging); the Content-Security-Policy (lib/security/headers.ts) names its hosts.
 */

/** Customer.io's US data centre, the default CDN; the EU one is `https://cdp-eu.customer.io`. */
export const CUSTOMER_IO_DEFAULT_CDN = 'https://cdp.customer.io';
