'use client';

import { useTranslations } from 'next-intl';
import { notify } from '@/lib/stores/notification-store';

/** Copies `value` to the clipboard and says whether it worked (a notification, announced). */
export function CopyButton({ value, label, testId }: { value: string; label: string; testId?: string }) {
  const t = useTranslations('games.crashFair');
  const copy = () => {
    const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
    if (!clipboard) {
      notify({ kind: 'error', text: t('copyFailed') });
      return;
    }
    clipboard.writeText(value).then(
      () => notify({ kind: 'success', text: t('copied') }),
      () => notify({ kind: 'error', text: t('copyFailed') }),
    );
  };
  return (
    <button
      type="button"
      onClick={copy}
      aria-label={label}
      title={label}
      className="min-h-8 shrink-0 rounded-lg border border-line px-2 text-xs font-semibold text-muted transition hover:border-gold hover:text-white"
      data-testid={testId}
    >
      {t('copy')}
    </button>
  );
}

/** A long hex value on one or more lines, selectable at one click, with its copy button. */
export function HashValue({
  value,
  copyLabel,
  testId,
}: {
  value: string;
  copyLabel: string;
  testId?: string;
}) {
  return (
    <div className="flex items-start gap-2">
      <code
        className="min-w-0 flex-1 select-all break-all rounded-lg bg-ink/60 px-2 py-1 font-mono text-xs"
        data-testid={testId}
      >
        {value}
      </code>
      <CopyButton value={value} label={copyLabel} />
    </div>
  );
}
