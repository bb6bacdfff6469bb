'use client';

import { useRef } from 'react';
import type { RoomName } from '@/lib/constants/rooms';
import { useSessionStore } from '@/lib/stores/session-store';
import { userCurrency } from '@/lib/user-currency';
import { RoomHistory } from './room-history';
import { RoomVerifier, type RoomVerifierHandle } from './room-verifier';

/** The room's last rounds (in the player's currency) beside the verifier; a round's Verify checks it. */
export function RoomFairnessTools({ room }: { room: RoomName }) {
  const verifier = useRef<RoomVerifierHandle>(null);
  const currency = userCurrency(useSessionStore((state) => state.user));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <RoomHistory room={room} currency={currency} onVerify={(round) => verifier.current?.verify(round)} />
      <RoomVerifier ref={verifier} />
    </div>
  );
}
