import type { ReactNode } from 'react';
import { LogoMark } from '@/components/layout/logo';

/** The no-access layout of spec section 2: no navigation into the product, only the message. */
export default function NoAccessLayout({ children }: { children: ReactNode }) {
  return (
    <div
      className="flex min-h-screen flex-col items-center justify-center px-4 py-10"
      data-layout="no-access"
    >
      <LogoMark className="mb-8 h-14 w-14" />
      <main id="content" className="w-full max-w-xl">
        {children}
      </main>
    </div>
  );
}
