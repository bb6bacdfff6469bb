'use client';

import dynamic from 'next/dynamic';
import { LoadWhenNear } from '@/components/ui/load-when-near';

// Their room while they load (about their usual height on a phone), so nothing below them moves.
const chainRoom = <div className="min-h-40 rounded-2xl border border-line bg-panel" />;
const toolsRoom = <div className="min-h-96 rounded-2xl border border-line bg-panel" />;

const PublishedChain = dynamic(() => import('./published-chain').then((m) => m.PublishedChain), {
  ssr: false,
  loading: () => chainRoom,
});
const CrashFairnessTools = dynamic(() => import('./crash-fairness-tools').then((m) => m.CrashFairnessTools), {
  ssr: false,
  loading: () => toolsRoom,
});

/**
 * The fairness section's client parts, below the live game: their code, queries and rendering come
 * once the section nears the screen or the page is idle (components/ui/load-when-near.tsx), not with the
 * page's first hydration.
 */
export function DeferredPublishedChain() {
  return (
    <LoadWhenNear fallback={chainRoom}>
      <PublishedChain />
    </LoadWhenNear>
  );
}

export function DeferredCrashFairnessTools() {
  return (
    <LoadWhenNear fallback={toolsRoom}>
      <CrashFairnessTools />
    </LoadWhenNear>
  );
}
