import type { ReactNode } from 'react';
import { ProfileGate } from '@/features/profile/components/profile-gate';
import { ProfileNav } from '@/features/profile/components/profile-nav';

/** /profile and its child pages: the section tabs, and the content only for a logged-in user. */
export default function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 sm:px-6">
      <ProfileNav />
      <ProfileGate>{children}</ProfileGate>
    </div>
  );
}
