'use client';

import { useRef } from 'react';
import { CrashHistory } from './crash-history';
import { CrashVerifier, type CrashVerifierHandle } from './crash-verifier';

/** The last games beside the verifier; a game's "Verify" fills the verifier with its hash and runs it. */
export function CrashFairnessTools() {
  const verifier = useRef<CrashVerifierHandle>(null);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0">
        <CrashHistory onVerify={(hash) => verifier.current?.verify(hash)} />
      </div>
      <CrashVerifier ref={verifier} />
    </div>
  );
}
