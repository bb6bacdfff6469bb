import { buttonClass } from '@/components/ui/button-styles';

/** A quiet placeholder of `rows` cards while a list loads, with its text for screen readers. */
export function LoadingList({ label, rows = 2, testId }: { label: string; rows?: number; testId?: string }) {
  return (
    <div className="space-y-2" aria-busy="true" data-testid={testId}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="h-24 animate-pulse rounded-2xl bg-panel-2" />
      ))}
    </div>
  );
}

/** A failed load: says so, with a button that tries again. */
export function LoadFailed({
  text,
  retryLabel,
  onRetry,
  testId,
}: {
  text: string;
  retryLabel: string;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <div
      role="alert"
      className="rounded-2xl border border-line bg-panel p-4 text-center"
      data-testid={testId}
    >
      <p>{text}</p>
      <button type="button" onClick={onRetry} className={`${buttonClass.secondary} mt-3`}>
        {retryLabel}
      </button>
    </div>
  );
}
