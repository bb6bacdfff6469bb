import type { ReactNode } from 'react';

/**
 * lib/i18n/navigation.ts for component tests, as a plain anchor:
 * `vi.mock('@/lib/i18n/navigation', () => import('@/tests/mocks/navigation'))`.
 */
export const Link = ({ href, children, ...rest }: { href: string; children: ReactNode }) => (
  <a href={href} {...rest}>
    {children}
  </a>
);
