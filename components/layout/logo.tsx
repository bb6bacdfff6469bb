export function LogoMark({ className = 'h-8 w-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#f5c542" />
      <path d="M32 12 50 52H41.5l-3.6-8.4H26.1L22.5 52H14L32 12Zm0 17.5-3.3 8h6.6l-3.3-8Z" fill="#0f1220" />
    </svg>
  );
}
