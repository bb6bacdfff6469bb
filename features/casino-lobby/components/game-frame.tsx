'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { EmptyState } from '@/components/ui/empty-state';
import { statusOf } from '@/lib/api/errors';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useClientSession } from '@/lib/stores/use-client-session';
import { getCasinoGame, launchGame } from '../api/casino-api';
import { casinoKeys } from '../api/query-keys';
import type { CasinoLobby } from '../api/replies';
import { gamePath } from './game-tile';

/** How often the header balance is read again while a game for money is open (the game moves it). */
export const BALANCE_REFRESH_MS = 5_000;
const PHONE = '(max-width: 640px)';
const subscribeNothing = () => () => {};

/**
 * A provider's game in a full-width frame (issue 17): the game is launched for this player (`POST
 * /casino/launch`: a session for the player, the game and their currency; demo for anyone), then shown
 * with "back to lobby", full screen, deposit (for money) and the other mode. A guest asking to play for
 * money is offered sign-up, log-in or the demo. While a game for money is open the header balance is
 * read again every few seconds and when the game says money moved (a `postMessage` from its frame).
 */
export function GameFrame({
  lobby,
  code,
  mode,
}: {
  lobby: CasinoLobby;
  code: string;
  mode: 'play' | 'demo';
}) {
  const t = useTranslations('casino.game');
  const { ready, isLoggedIn } = useClientSession();
  const launchMode: 'real' | 'demo' = mode === 'play' ? 'real' : 'demo';
  const lobbyPath = lobby === 'live' ? '/games/live-casino' : '/games/slots';
  const game = useQuery({
    queryKey: [...casinoKeys.game(code), isLoggedIn],
    queryFn: () => getCasinoGame(code),
    enabled: ready,
    retry: (count, error) => statusOf(error) !== 404 && count < 1,
  });
  const canLaunch = ready && game.isSuccess && (launchMode === 'demo' ? game.data.demo : isLoggedIn);
  const launch = useQuery({
    queryKey: ['casino', 'launch', code, launchMode, isLoggedIn],
    queryFn: () =>
      launchGame({
        game_code: code,
        mode: launchMode,
        platform: window.matchMedia?.(PHONE).matches ? 'mobile' : 'desktop',
        lobby_url: new URL(
          window.location.pathname.replace(/\/[^/]+\/(play|demo)$/, ''),
          window.location.origin,
        ).toString(),
        deposit_url: `${window.location.origin}${window.location.pathname}?deposit`,
      }),
    enabled: canLaunch,
    // A launch is a new game session: made again for every visit, never served from the cache.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  if (!ready || game.isPending) return <FrameRoom label={t('loading')} />;
  if (game.isError) {
    const missing = statusOf(game.error) === 404;
    return (
      <EmptyState
        title={missing ? t('unavailable') : t('loadError')}
        hint={missing ? t('unavailableHint') : undefined}
      >
        {missing ? null : (
          <button type="button" className="btn-secondary" onClick={() => void game.refetch()}>
            {t('retry')}
          </button>
        )}
        <Link prefetch={false} href={lobbyPath} className="btn-secondary">
          {t('back')}
        </Link>
      </EmptyState>
    );
  }
  if (launchMode === 'real' && !isLoggedIn)
    return <SignUpToPlay demoPath={game.data.demo ? gamePath(game.data, 'demo') : null} />;
  if (launchMode === 'demo' && !game.data.demo) {
    return (
      <EmptyState title={t('noDemo')}>
        <Link prefetch={false} href={gamePath(game.data, 'play')} className="btn-primary">
          {t('playReal')}
        </Link>
      </EmptyState>
    );
  }

  return (
    <div data-testid="game-frame" data-mode={launchMode}>
      {launchMode === 'real' && game.data.free_spins > 0 ? (
        <p
          className="mb-3 rounded-xl border border-gold/60 bg-panel px-3 py-2 text-sm"
          data-testid="free-spins-note"
        >
          {t('freeSpins', { count: game.data.free_spins })}
        </p>
      ) : null}
      {launch.isError ? (
        <LaunchError
          status={statusOf(launch.error)}
          onRetry={() => void launch.refetch()}
          lobbyPath={lobbyPath}
        />
      ) : (
        <Frame
          url={launch.data?.url ?? null}
          name={game.data.name}
          lobbyPath={lobbyPath}
          otherMode={
            launchMode === 'real'
              ? game.data.demo
                ? { href: gamePath(game.data, 'demo'), label: t('playDemo') }
                : null
              : { href: gamePath(game.data, 'play'), label: t('playReal') }
          }
          real={launchMode === 'real'}
        />
      )}
    </div>
  );
}

/** The frame and its bar: back to the lobby, the other mode, deposit (for money) and full screen. */
function Frame({
  url,
  name,
  lobbyPath,
  otherMode,
  real,
}: {
  url: string | null;
  name: string;
  lobbyPath: string;
  otherMode: { href: string; label: string } | null;
  real: boolean;
}) {
  const t = useTranslations('casino.game');
  const openModal = useModalStore((state) => state.open);
  const box = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(box);
  useBalanceWhilePlaying(real && url !== null, url);

  return (
    <div
      ref={box}
      className="flex flex-col overflow-hidden rounded-2xl border border-line bg-black"
      data-testid="game-box"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-line bg-panel px-2 py-1.5 text-sm">
        <Link prefetch={false} href={lobbyPath} className="btn-ghost px-2" data-testid="game-back">
          <span aria-hidden="true">←</span>&nbsp;{t('back')}
        </Link>
        <span className="min-w-0 flex-1 truncate font-semibold">{name}</span>
        {otherMode ? (
          <Link
            prefetch={false}
            href={otherMode.href}
            className="btn-ghost px-2"
            data-testid="game-other-mode"
          >
            {otherMode.label}
          </Link>
        ) : null}
        {real ? (
          <button
            type="button"
            className="btn-primary px-3 py-1"
            aria-haspopup="dialog"
            onClick={() => openModal(MODAL.PayIn)}
            data-testid="game-deposit"
          >
            {t('deposit')}
          </button>
        ) : null}
        {fullScreen.supported ? (
          <button
            type="button"
            className="btn-ghost px-2"
            aria-pressed={fullScreen.active}
            onClick={fullScreen.toggle}
            data-testid="game-fullscreen"
          >
            {fullScreen.active ? t('exitFullScreen') : t('fullScreen')}
          </button>
        ) : null}
      </div>
      <div
        className={
          fullScreen.active ? 'flex-1' : 'h-[calc(100svh-12rem)] min-h-[26rem] sm:h-[min(75svh,48rem)]'
        }
      >
        {url ? (
          <iframe
            src={url}
            title={t('frameTitle', { name })}
            className="h-full w-full border-0"
            allow="fullscreen; autoplay"
            allowFullScreen
            referrerPolicy="origin"
            sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
            data-testid="game-iframe"
          />
        ) : (
          <p role="status" className="flex h-full items-center justify-center text-muted">
            {t('loading')}
          </p>
        )}
      </div>
    </div>
  );
}

/** Full screen of the game's box, where the browser has it (not on an iPhone: the button is hidden). */
function useFullScreen(box: React.RefObject<HTMLDivElement | null>) {
  const available = useSyncExternalStore(
    subscribeNothing,
    () => typeof document.documentElement.requestFullscreen === 'function',
    () => false,
  );
  const [refused, setRefused] = useState(false);
  const supported = available && !refused;
  const [active, setActive] = useState(false);
  useEffect(() => {
    const onChange = () => setActive(document.fullscreenElement === box.current && box.current !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, [box]);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void box.current?.requestFullscreen().catch(() => setRefused(true));
  };
  return { supported, active, toggle };
}

/**
 * The header balance while a game for money is open: the game moves money through the wallet, not
 * through this page, so the balance is read again every BALANCE_REFRESH_MS while the tab is visible, and
 * at once when the game's frame posts `{ type: 'balance' }`.
 */
function useBalanceWhilePlaying(active: boolean, url: string | null) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!active || !url) return;
    const origin = new URL(url).origin;
    const refresh = () => {
      if (document.visibilityState === 'visible') invalidateBalances(queryClient);
    };
    const timer = setInterval(refresh, BALANCE_REFRESH_MS);
    const onMessage = (event: MessageEvent) => {
      if (event.origin === origin && (event.data as { type?: unknown } | null)?.type === 'balance') refresh();
    };
    window.addEventListener('message', onMessage);
    return () => {
      clearInterval(timer);
      window.removeEventListener('message', onMessage);
      invalidateBalances(queryClient);
    };
  }, [active, url, queryClient]);
}

function LaunchError({
  status,
  onRetry,
  lobbyPath,
}: {
  status: number | null;
  onRetry: () => void;
  lobbyPath: string;
}) {
  const t = useTranslations('casino.game');
  const message =
    status === 503 || status === 502 || status === 504 || status === null
      ? t('providerDown')
      : status === 451
        ? t('blockedCountry')
        : status === 403
          ? t('refused')
          : t('launchError');
  return (
    <div
      role="alert"
      className="rounded-2xl border border-danger/60 bg-panel p-6 text-center"
      data-testid="launch-error"
    >
      <p>{message}</p>
      <div className="mt-3 flex flex-wrap justify-center gap-3">
        <button type="button" className="btn-secondary" onClick={onRetry}>
          {t('retry')}
        </button>
        <Link prefetch={false} href={lobbyPath} className="btn-secondary">
          {t('back')}
        </Link>
      </div>
    </div>
  );
}

/** A guest asked to play for money: sign up or log in, or play the demo. */
function SignUpToPlay({ demoPath }: { demoPath: string | null }) {
  const t = useTranslations('casino.game');
  const openModal = useModalStore((state) => state.open);
  return (
    <EmptyState title={t('signUpTitle')} hint={t('signUpHint')}>
      <button
        type="button"
        className="btn-primary"
        aria-haspopup="dialog"
        onClick={() => openModal(MODAL.signup)}
        data-testid="game-sign-up"
      >
        {t('signUp')}
      </button>
      <button
        type="button"
        className="btn-secondary"
        aria-haspopup="dialog"
        onClick={() => openModal(MODAL.login)}
      >
        {t('logIn')}
      </button>
      {demoPath ? (
        <Link prefetch={false} href={demoPath} className="btn-secondary" data-testid="game-try-demo">
          {t('playDemo')}
        </Link>
      ) : null}
    </EmptyState>
  );
}

/** The frame's room while the game is looked up. */
function FrameRoom({ label }: { label: string }) {
  return (
    <div
      role="status"
      className="flex h-[calc(100svh-12rem)] min-h-[26rem] items-center justify-center rounded-2xl border border-line bg-panel text-muted sm:h-[min(75svh,48rem)]"
    >
      {label}
    </div>
  );
}
