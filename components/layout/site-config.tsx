'use client';

import { lazy, Suspense } from 'react';
import { useIdleAfterLoad } from '@/components/ui/load-when-near';
import { useSettingsStore } from '@/lib/stores/settings-store';
import { inTurn } from '@/lib/shared-modules';

const SiteConfigEffect = lazy(() =>
  inTurn(() => import('./site-config-effect')).then((module) => ({ default: module.SiteConfigEffect })),
);

/**
 * Applies the site configuration once it loads (site-config-effect.tsx). Renders nothing; its code (the
 * mirror call, its schema, the API client) loads once the page has loaded and gone idle, so its
 * evaluation is not part of the page's start (the footer's partner links come a moment later).
 */
export function SiteConfig() {
  const idle = useIdleAfterLoad();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <SiteConfigEffect />
    </Suspense>
  );
}

/** The footer's links to the partner programme and the Telegram channel, once the mirror data names them. */
export function SiteLinks({
  partnersLabel,
  telegramLabel,
}: {
  partnersLabel: string;
  telegramLabel: string;
}) {
  const revshareUrl = useSettingsStore((state) => state.revshareUrl);
  const tgChannelUrl = useSettingsStore((state) => state.tgChannelUrl);
  const links = [
    { href: revshareUrl, label: partnersLabel, testId: 'footer-revshare' },
    { href: tgChannelUrl, label: telegramLabel, testId: 'footer-telegram' },
  ];
  return (
    <>
      {links.map(({ href, label, testId }) =>
        href ? (
          <li key={testId}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-gold"
              data-testid={testId}
            >
              {label}
            </a>
          </li>
        ) : null,
      )}
    </>
  );
}
