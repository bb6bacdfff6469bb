'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { ErrorTranslator } from '@/lib/validation-errors';

/**
 * The `error.<key>` lookup of spec section 5 over the current messages, for keys known only at run
 * time (server validation keys). Needs the `error` namespace in the nearest NextIntlClientProvider.
 */
export function useErrorTranslator(): ErrorTranslator {
  const t = useTranslations();
  return useMemo(
    () => ({
      t: (key: string) => t(key as never),
      has: (key: string) => t.has(key as never),
    }),
    [t],
  );
}
