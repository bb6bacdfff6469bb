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
      t: (key: string, values?: Record<string, string | number>) => t(key as never, values as never),
      has: (key: string) => t.has(key as never),
    }),
    [t],
  );
}

/**
 * The same lookup with a feature's own wording first: `error.<key>` is looked up as `<namespace>.<key>`
 * (e.g. `vip.errors.claimed`), then as the common `error.<key>`, else the raw key.
 */
export function useScopedErrorTranslator(namespace: string): ErrorTranslator {
  const common = useErrorTranslator();
  const own = useTranslations(namespace as never);
  return useMemo(() => {
    const ownKey = (key: string) => key.replace(/^error\./, '');
    const hasOwn = (key: string) => key.startsWith('error.') && own.has(ownKey(key) as never);
    return {
      has: (key) => hasOwn(key) || common.has(key),
      t: (key, values) => (hasOwn(key) ? own(ownKey(key) as never, values as never) : common.t(key, values)),
    };
  }, [common, own]);
}
