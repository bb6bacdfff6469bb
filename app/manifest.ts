import type { MetadataRoute } from 'next';

/** The web manifest, served at /manifest.webmanifest and linked from every page (spec section 2). */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Aurum',
    short_name: 'Aurum',
    description: 'Casino and sports betting',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: '#0f1220',
    theme_color: '#0f1220',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}
