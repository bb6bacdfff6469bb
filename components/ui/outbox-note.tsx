'use client';

import { useTranslations } from 'next-intl';
import { devOutboxUrl } from '@/lib/dev-outbox';

/**
 * Outside production, under a step that waits for a code or a link: the message went to the API's
 * local outbox, not to a real mailbox or phone; a link opens it (as the deposit dialog links to the
 * sandbox payment page). Renders nothing in a production build.
 */
export function OutboxNote({ to }: { to: string }) {
  const t = useTranslations('auth');
  const url = devOutboxUrl(to);
  if (!url) return null;
  return (
    <p className="text-xs text-muted">
      {t('outboxNote')}{' '}
      <a
        href={url}
        target="_blank"
        rel="noreferrer"
        className="text-gold underline"
        data-testid="outbox-link"
      >
        {t('outboxLink')}
      </a>
    </p>
  );
}
