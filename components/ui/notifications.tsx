'use client';

import { useEffect } from 'react';
import { NOTIFICATION_SPEED_MS } from '@/lib/constants/timing';
import { NOTIFICATION_WIDTH_PX } from '@/lib/constants/ui';
import { useNotificationStore, type AppNotification } from '@/lib/stores/notification-store';

const KIND_CLASS = {
  error: 'border-danger/60 bg-[#2a1620]',
  success: 'border-ok/60 bg-[#12281f]',
  info: 'border-line bg-panel-2',
} as const;

/** The notification stack, top right; errors are announced assertively, the rest politely. */
export function Notifications({ closeLabel }: { closeLabel: string }) {
  const items = useNotificationStore((state) => state.items);
  return (
    <div
      className="pointer-events-none fixed right-4 top-4 z-[60] flex flex-col gap-2"
      style={{ width: `min(${NOTIFICATION_WIDTH_PX}px, calc(100vw - 2rem))` }}
    >
      {items.map((item) => (
        <NotificationItem key={item.id} item={item} closeLabel={closeLabel} />
      ))}
    </div>
  );
}

function NotificationItem({ item, closeLabel }: { item: AppNotification; closeLabel: string }) {
  const dismiss = useNotificationStore((state) => state.dismiss);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [dismiss, item.id, item.durationMs]);
  return (
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      data-testid={`notification-${item.kind}`}
      className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-3 text-sm shadow-lg ${KIND_CLASS[item.kind]}`}
      style={{ animation: `notification-in ${NOTIFICATION_SPEED_MS}ms ease-out` }}
    >
      <div className="flex-1">
        {item.title ? <p className="font-semibold">{item.title}</p> : null}
        <p className="whitespace-pre-line">{item.text}</p>
      </div>
      <button
        type="button"
        onClick={() => dismiss(item.id)}
        aria-label={closeLabel}
        className="text-muted hover:text-white"
      >
        ×
      </button>
    </div>
  );
}
