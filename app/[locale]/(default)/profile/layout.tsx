import type { ReactNode } from 'react';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ProfileGate } from '@/features/profile/components/profile-gate';
import { ProfileNav } from '@/features/profile/components/profile-nav';

/** /profile and its child pages: the section tabs, and the content only for a logged-in user. */
export default function ProfileLayout({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 sm:px-6">
      <ScopedMessages
        namespaces={['profileNav', 'auth.loginRequired', 'auth.loginRequiredHint', 'auth.loginTitle']}
      >
        <ProfileNav />
        <ProfileGate>{children}</ProfileGate>
      </ScopedMessages>
    </div>
  );
}
