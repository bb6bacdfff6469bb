'use client';

import dynamic from 'next/dynamic';
import { LoadWhenNear } from '@/components/ui/load-when-near';
import type { RoomName } from '@/lib/constants/rooms';

// Their room while they load (about their usual height on a phone), so nothing below them moves.
const toolsRoom = <div className="min-h-96 rounded-2xl border border-line bg-panel" />;

const RoomFairnessTools = dynamic(() => import('./room-fairness-tools').then((m) => m.RoomFairnessTools), {
  ssr: false,
  loading: () => toolsRoom,
});

/**
 * The room's last rounds and verifier, below the live round: their code, query and rendering come once
 * they near the screen or the page is idle (components/ui/load-when-near.tsx), not with the page's first
 * hydration.
 */
export function DeferredRoomFairnessTools({ room }: { room: RoomName }) {
  return (
    <LoadWhenNear fallback={toolsRoom}>
      <RoomFairnessTools room={room} />
    </LoadWhenNear>
  );
}
