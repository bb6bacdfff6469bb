import { isExternalUrl } from './routes';

export interface NavigateOptions {
  /** Required to leave the site (spec section 2: navigation to an external URL without it is refused). */
  external?: boolean;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

export interface NavigationTarget {
  origin: string;
  assign(url: string): void;
  replace(url: string): void;
}

/**
 * Navigates the browser fully to `href`. An address on another origin is refused unless the caller says
 * `external: true` (spec section 2); the refusal is logged and `false` returned. In-app links use the
 * router (lib/i18n/navigation); this is for the full navigations the flows make (SSO, redirect rules).
 */
export function navigateTo(
  href: string,
  options: NavigateOptions = {},
  target: NavigationTarget = {
    origin: window.location.origin,
    assign: (url) => window.location.assign(url),
    replace: (url) => window.location.replace(url),
  },
): boolean {
  if (isExternalUrl(href, target.origin) && !options.external) {
    console.error(`navigation to an external URL refused: ${href}`);
    return false;
  }
  (options.replace ? target.replace : target.assign)(href);
  return true;
}
