/** Local-storage keys of spec section 3 (names not given by the spec). */

/** The computed, encrypted browser fingerprint. */
export const FINGERPRINT_STORAGE_KEY = 'fingerprint';
/** Set when the visitor dismissed the install prompt permanently. */
export const INSTALL_PROMPT_HIDDEN_STORAGE_KEY = 'installPromptHidden';
/** How many browser sessions the visitor opened the site in (the install prompt comes on the second). */
export const VISITS_STORAGE_KEY = 'visits';
/** The promo code a guest arrived with (session storage: it lasts for the browser session). */
export const PROMO_SESSION_STORAGE_KEY = 'promo';
