'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useFormat } from '@/lib/i18n/use-format';
import { drawCrashChart, readChartColors } from './crash-canvas';
import { roundView, type CrashRoundState } from './crash-round';
import { useCrashRoundStore } from './crash-round-store';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function subscribeReducedMotion(onChange: () => void) {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return () => {};
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener?.('change', onChange);
  return () => query.removeEventListener?.('change', onChange);
}

/** Whether the player asked for less motion (followed live). */
function useReducedMotion(): boolean {
  return useSyncExternalStore(
    subscribeReducedMotion,
    () => typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
}

/** How often the text is brought up to date when the curve is not animated (reduced motion). */
const TEXT_ONLY_INTERVAL_MS = 200;

/**
 * The round as a picture: the curve on a canvas, redrawn every frame (requestAnimationFrame) from the
 * server's last tick plus the local time since (crash-curve-math.ts), the big multiplier and the betting
 * countdown. Frames stop while the tab is hidden. With reduced motion nothing moves: the texts follow the
 * messages and the chart is drawn once per phase. The canvas and the big text are hidden from assistive
 * technology; a polite live region says each phase change instead.
 */
export function CrashStage() {
  const t = useTranslations('games.crash');
  const format = useFormat();
  const reduced = useReducedMotion();
  const boxRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const multiplierRef = useRef<HTMLParagraphElement>(null);
  const countdownRef = useRef<HTMLParagraphElement>(null);
  const phase = useCrashRoundStore((state) => state.phase);
  const connection = useCrashRoundStore((state) => state.connection);
  const crashPoint = useCrashRoundStore((state) => state.crashPoint);
  const mineCashedOut = useCrashRoundStore(
    (state) => state.mine !== null && state.mine.gameId === state.gameId && state.mine.cashedOutAt !== null,
  );

  useEffect(() => {
    const box = boxRef.current;
    const canvas = canvasRef.current;
    const multiplierText = multiplierRef.current;
    const countdownText = countdownRef.current;
    if (!box || !canvas || !multiplierText || !countdownText) return;
    const context = typeof canvas.getContext === 'function' ? canvas.getContext('2d') : null;
    const colors = readChartColors(box);
    const size = { width: 0, height: 0, dpr: 1 };
    // The axes' labels, formatted once per value (the grid is drawn every frame, with few distinct values).
    const remembered = (label: (value: number) => string) => {
      const cache = new Map<number, string>();
      return (value: number) => {
        let text = cache.get(value);
        if (text === undefined) {
          if (cache.size > 200) cache.clear();
          cache.set(value, (text = label(value)));
        }
        return text;
      };
    };
    // Up the side: 1 decimal below 10×, none from there (keyed by the value shown, as the scale is not round).
    const multiplierLabel = remembered((value) => `${format.decimal(value, value < 10 ? 1 : 0)}×`);
    const labels = {
      seconds: remembered((value) => t('seconds', { seconds: value })),
      multiplier: (value: number) =>
        multiplierLabel(value < 10 ? Math.round(value * 10) / 10 : Math.round(value)),
    };
    let drawn = '';

    // The texts as last written: the DOM is touched (and laid out again) only when they change.
    let multiplierShown: string | null = null;
    let countdownTenths: number | null = -1;

    const paint = (curve: boolean) => {
      const view = roundView(useCrashRoundStore.getState(), Date.now());
      const multiplier = view.multiplier === null ? '' : format.multiplier(view.multiplier);
      if (multiplier !== multiplierShown) multiplierText.textContent = multiplierShown = multiplier;
      const tenths = view.countdownMs === null ? null : Math.ceil(view.countdownMs / 100);
      if (tenths !== countdownTenths) {
        countdownTenths = tenths;
        countdownText.textContent =
          tenths === null ? '' : t('startsIn', { seconds: format.decimal(tenths / 10, 1) });
      }
      if (!curve || !context) return;
      // Nothing new to draw (betting, busted): the canvas keeps its frame.
      const key = `${size.width}x${size.height}:${view.phase}:${view.elapsedMs}`;
      if (key === drawn) return;
      drawn = key;
      drawCrashChart(context, size, view, colors, labels);
    };

    const resize = () => {
      const rect = box.getBoundingClientRect();
      size.dpr = Math.min(2, window.devicePixelRatio || 1);
      size.width = rect.width;
      size.height = rect.height;
      canvas.width = Math.round(rect.width * size.dpr);
      canvas.height = Math.round(rect.height * size.dpr);
      drawn = '';
      paint(true);
    };
    resize();
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(resize) : null;
    observer?.observe(box);

    if (reduced) {
      // Text only; the chart once per phase (and per game).
      const unsubscribe = useCrashRoundStore.subscribe((state: CrashRoundState, previous: CrashRoundState) =>
        paint(state.phase !== previous.phase || state.gameId !== previous.gameId),
      );
      const interval = setInterval(() => paint(false), TEXT_ONLY_INTERVAL_MS);
      return () => {
        observer?.disconnect();
        unsubscribe();
        clearInterval(interval);
      };
    }

    let frame = 0;
    const loop = () => {
      paint(true);
      frame = requestAnimationFrame(loop);
    };
    const start = () => {
      if (frame === 0 && document.visibilityState !== 'hidden') frame = requestAnimationFrame(loop);
    };
    const stop = () => {
      cancelAnimationFrame(frame);
      frame = 0;
    };
    const onVisibility = () => (document.visibilityState === 'hidden' ? stop() : start());
    document.addEventListener('visibilitychange', onVisibility);
    start();
    return () => {
      observer?.disconnect();
      document.removeEventListener('visibilitychange', onVisibility);
      stop();
    };
  }, [reduced, t, format]);

  const status =
    connection === 'reconnecting'
      ? t('connection.reconnecting')
      : connection === 'connecting'
        ? t('connection.connecting')
        : phase === 'idle'
          ? t('phase.idle')
          : phase === 'betting'
            ? t('phase.betting')
            : phase === 'busted' && crashPoint !== null
              ? t('crashedAt', { multiplier: format.multiplier(crashPoint) })
              : '';

  return (
    <div>
      <div
        ref={boxRef}
        className="relative h-56 w-full [contain:strict] sm:h-72"
        data-testid="crash-stage"
        data-phase={phase}
      >
        <canvas ref={canvasRef} aria-hidden="true" className="absolute inset-0 h-full w-full" />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 flex flex-col items-center justify-center gap-1 pl-8"
        >
          <p
            ref={multiplierRef}
            className={`min-h-14 text-5xl font-bold tabular-nums sm:text-6xl ${
              phase === 'busted' ? 'text-danger' : mineCashedOut ? 'text-ok' : 'text-white'
            }`}
            data-testid="crash-multiplier"
          />
          <p
            ref={countdownRef}
            className="min-h-5 text-sm tabular-nums text-muted"
            data-testid="crash-countdown"
          />
          <p
            className={`min-h-5 text-sm font-semibold ${
              connection === 'reconnecting' ? 'text-gold' : phase === 'busted' ? 'text-danger' : 'text-muted'
            }`}
            data-testid="crash-status"
          >
            {status}
          </p>
        </div>
      </div>
      <CrashAnnouncer />
    </div>
  );
}

/** The announcement of the round's phase for assistive technology ('' while connecting). */
function announcement(
  state: CrashRoundState,
  t: ReturnType<typeof useTranslations<'games.crash'>>,
  format: ReturnType<typeof useFormat>,
  now: number,
): string {
  const { phase, gameId, connection, crashPoint, bettingEndsAt } = state;
  if (connection === 'reconnecting') return t('connection.reconnecting');
  if (connection === 'connecting') return '';
  if (phase === 'idle') return t('announce.idle');
  if (gameId === null) return '';
  if (phase === 'betting')
    return t('announce.betting', {
      id: gameId,
      seconds: Math.max(0, Math.round(((bettingEndsAt ?? now) - now) / 1000)),
    });
  if (phase === 'running') return t('announce.running', { id: gameId });
  if (crashPoint !== null)
    return t('announce.busted', { id: gameId, multiplier: format.multiplier(crashPoint) });
  return '';
}

/**
 * The text alternative of the curve: each change of phase (or of the connection) said politely once,
 * never every frame or tick.
 */
function CrashAnnouncer() {
  const t = useTranslations('games.crash');
  const format = useFormat();
  const [text, setText] = useState('');

  useEffect(
    () =>
      useCrashRoundStore.subscribe((state: CrashRoundState, previous: CrashRoundState) => {
        if (
          state.phase === previous.phase &&
          state.gameId === previous.gameId &&
          state.connection === previous.connection &&
          state.crashPoint === previous.crashPoint
        )
          return;
        setText(announcement(state, t, format, Date.now()));
      }),
    [t, format],
  );

  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="crash-announcement">
      {text}
    </p>
  );
}
