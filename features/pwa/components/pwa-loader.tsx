'use client';

import dynamic from 'next/dynamic';
import { useIdleAfterLoad } from '@/components/ui/load-when-near';
import { inTurn } from '@/lib/shared-modules';

// The worker registration, the build check and the install prompt: their code is fetched only once the
// page has loaded and gone idle, never in the first load.
const PwaEffects = dynamic(() => inTurn(() => import('./pwa-effects')).then((module) => module.PwaEffects), {
  ssr: false,
});

export function PwaLoader() {
  return useIdleAfterLoad() ? <PwaEffects /> : null;
}
