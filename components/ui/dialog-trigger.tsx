'use client';

import type { ReactNode } from 'react';
import { useModalStore, type KnownModalName } from '@/lib/stores/modal-store';

/** A button that opens one of the named dialogs (the same ones the query flags open). */
export function DialogTrigger({
  modal,
  className,
  children,
  testId,
}: {
  modal: KnownModalName;
  className?: string;
  children: ReactNode;
  testId?: string;
}) {
  const open = useModalStore((state) => state.open);
  return (
    <button
      type="button"
      className={className}
      onClick={() => open(modal)}
      aria-haspopup="dialog"
      data-testid={testId}
    >
      {children}
    </button>
  );
}
