'use client';

import { useEffect } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { ErrorScreen } from '../_components/error-screen';

/** A fatal or unhandled error: the error screen, and navigation to /error (spec section 8). */
export default function RouteError({ error }: { error: Error & { digest?: string }; reset: () => void }) {
  const router = useRouter();
  useEffect(() => {
    console.error(error);
    if (!window.location.pathname.endsWith(ROUTES.error)) router.replace(ROUTES.error);
  }, [error, router]);
  return <ErrorScreen />;
}
