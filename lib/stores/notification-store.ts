import { create } from 'zustand';
import { NOTIFICATION_DURATION_MS } from '@/lib/constants/timing';

/** Toast notifications (spec sections 5 and 9): error, success or info, each shown for a while. */
export type NotificationKind = 'error' | 'success' | 'info';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  title?: string;
  /** May span several lines (one multi-line notification for validation errors). */
  text: string;
  durationMs: number;
}

interface NotificationState {
  items: AppNotification[];
  notify: (notification: Omit<AppNotification, 'id' | 'durationMs'> & { durationMs?: number }) => number;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useNotificationStore = create<NotificationState>()((set) => ({
  items: [],
  notify: ({ durationMs = NOTIFICATION_DURATION_MS, ...rest }) => {
    const id = nextId++;
    set((state) => ({ items: [...state.items, { id, durationMs, ...rest }] }));
    return id;
  },
  dismiss: (id) => set((state) => ({ items: state.items.filter((item) => item.id !== id) })),
}));

/** Shows a notification from anywhere (outside React too). */
export const notify = (notification: Parameters<NotificationState['notify']>[0]) =>
  useNotificationStore.getState().notify(notification);
