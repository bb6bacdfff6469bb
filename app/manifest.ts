import type { MetadataRoute } from 'next';
import { ROUTES } from '@/lib/routes';

const icon = { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' };

/**
 * The web manifest, served at /manifest.webmanifest and linked from every page (spec section 2): the
 * installable app's icons (maskable too), screenshots of the app (narrow for phones, wide for desktops)
 * and shortcuts to the main sections. Addresses have no language prefix: the middleware sends the
 * visitor to their language.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: '/',
    name: 'Aurum',
    short_name: 'Aurum',
    description: 'Casino and sports betting',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    background_color: '#0f1220',
    theme_color: '#0f1220',
    categories: ['games', 'entertainment'],
    icons: [
      { ...icon, purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
    screenshots: [
      {
        src: '/screenshots/home-narrow.png',
        sizes: '720x1560',
        type: 'image/png',
        form_factor: 'narrow',
        label: 'Aurum: the lobby on a phone',
      },
      {
        src: '/screenshots/home-wide.png',
        sizes: '1280x800',
        type: 'image/png',
        form_factor: 'wide',
        label: 'Aurum: the lobby on a desktop',
      },
    ],
    shortcuts: [
      { name: 'Slots', url: ROUTES.slots, icons: [icon] },
      { name: 'Sports betting', short_name: 'Betting', url: ROUTES.betting, icons: [icon] },
      { name: 'Tournaments', url: ROUTES.tournaments, icons: [icon] },
      { name: 'Bonuses', url: ROUTES.bonuses, icons: [icon] },
    ],
  };
}
