'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import { FAIR_GAMES, type Bet, type FairGame } from '@/lib/contracts/games';
import { sha256Hex } from '@/lib/fair/random';
import { recompute, seedMatchesHash, type VerifiedOutcome } from '@/lib/fair/verify';
import { useFormat } from '@/lib/i18n/use-format';
import { getBet } from '../api/get-bet';
import { listBets } from '../api/list-bets';
import { gameKeys } from '../api/query-keys';
import { OutcomeView } from './outcome-view';
import { SeedValue } from './seed-pair-section';
import { HILO_MAX_CARDS, manualVerifyInput, verifyBet } from './verify-bet';

/** How many of the player's latest bets the picker offers. */
export const VERIFY_PICKER_BETS = 50;

function Check({
  ok,
  okText,
  badText,
  testId,
}: {
  ok: boolean;
  okText: string;
  badText: string;
  testId: string;
}) {
  return (
    <p
      className={`flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-semibold ${ok ? 'bg-ok/10 text-ok' : 'bg-danger/10 text-danger'}`}
      data-testid={testId}
      data-ok={ok}
    >
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span>
      {ok ? okText : badText}
    </p>
  );
}

/**
 * One bet verified in the browser: the revealed server seed against the hash shown before the bet, and
 * the outcome recomputed with `lib/fair` against the stored one. Before the pair is rotated the server
 * seed is secret: the player is told so and offered the rotation.
 */
export function BetVerification({
  bet,
  revealedSeed,
  onRotate,
  rotating,
}: {
  bet: Bet;
  /** The server seed revealed by a rotation in this panel, if the bet's own copy is not fetched yet. */
  revealedSeed?: string;
  onRotate?: () => void;
  rotating?: boolean;
}) {
  const t = useTranslations('games.fair');
  const serverSeed = bet.server_seed ?? revealedSeed ?? null;
  const result = useMemo(() => (serverSeed ? verifyBet(bet, serverSeed) : null), [bet, serverSeed]);
  const caseName = (outcome: VerifiedOutcome | null) =>
    bet.game === 'cases' && outcome?.game === 'cases'
      ? bet.outcome.table.find((item) => item.id === outcome.itemId)?.name
      : undefined;

  return (
    <div className="space-y-3 text-sm" data-testid="fair-bet-verification" aria-live="polite">
      <dl className="space-y-2">
        <div>
          <dt className="text-muted">{t('serverSeedHash')}</dt>
          <dd>
            <SeedValue value={bet.server_seed_hash} />
          </dd>
        </div>
        {serverSeed ? (
          <div>
            <dt className="text-muted">{t('serverSeed')}</dt>
            <dd>
              <SeedValue value={serverSeed} testId="fair-bet-server-seed" />
            </dd>
          </div>
        ) : null}
        <div>
          <dt className="text-muted">{t('clientSeed')}</dt>
          <dd>
            <SeedValue value={bet.client_seed} />
          </dd>
        </div>
        <div className="flex items-baseline justify-between gap-2">
          <dt className="text-muted">{t('nonce')}</dt>
          <dd className="font-mono tabular-nums">{bet.nonce}</dd>
        </div>
      </dl>

      {!result ? (
        <div className="space-y-3 rounded-xl border border-line bg-panel-2 p-3" data-testid="fair-unrevealed">
          <p>{t('notRevealed')}</p>
          {onRotate ? (
            <PendingButton
              type="button"
              pending={Boolean(rotating)}
              pendingLabel={t('rotating')}
              onClick={onRotate}
              className={`${buttonClass.primary} w-full`}
              data-testid="fair-verify-rotate"
            >
              {t('rotateToReveal')}
            </PendingButton>
          ) : null}
        </div>
      ) : (
        <>
          <Check
            ok={result.hashMatches}
            okText={t('hashMatches')}
            badText={t('hashMismatch')}
            testId="fair-hash-check"
          />
          <div className="grid gap-2 sm:grid-cols-2">
            <div className="rounded-xl bg-panel-2 p-3">
              <p className="mb-1 text-muted">{t('storedOutcome')}</p>
              {result.stored ? (
                <OutcomeView
                  outcome={result.stored}
                  caseItemName={caseName(result.stored)}
                  testId="fair-stored"
                />
              ) : (
                <p>{t('roundOpen')}</p>
              )}
            </div>
            <div className="rounded-xl bg-panel-2 p-3">
              <p className="mb-1 text-muted">{t('recomputedOutcome')}</p>
              <OutcomeView
                outcome={result.recomputed}
                caseItemName={caseName(result.recomputed)}
                testId="fair-recomputed"
              />
            </div>
          </div>
          {result.outcome === 'incomplete' ? null : (
            <Check
              ok={result.outcome === 'match'}
              okText={t('outcomeMatches')}
              badText={t('outcomeMismatch')}
              testId="fair-outcome-check"
            />
          )}
        </>
      )}
    </div>
  );
}

/** The player's bets to pick from (newest first), or one bet given by id. */
export function PastBetVerify({
  game,
  betId,
  revealedSeeds,
  onRotate,
  rotating,
}: {
  game?: FairGame;
  betId?: number;
  revealedSeeds: Readonly<Record<string, string>>;
  onRotate: () => void;
  rotating: boolean;
}) {
  const t = useTranslations('games.fair');
  const format = useFormat();
  const [picked, setPicked] = useState<number | null>(betId ?? null);
  const bets = useQuery({
    queryKey: gameKeys.betPicker(game),
    queryFn: () => listBets({ game, page: 1, per_page: VERIFY_PICKER_BETS }),
    staleTime: 10_000,
  });
  const selectedId = picked ?? bets.data?.items[0]?.id ?? null;
  const fromList = bets.data?.items.find((item) => item.id === selectedId);
  const single = useQuery({
    queryKey: gameKeys.bet(selectedId ?? 0),
    queryFn: () => getBet(selectedId!),
    enabled: selectedId !== null && !fromList,
  });
  const bet = fromList ?? single.data;
  const selectId = useId();

  const options = bets.data?.items ?? [];
  const withGiven = bet && !options.some((item) => item.id === bet.id) ? [bet, ...options] : options;

  return (
    <div className="space-y-4">
      <div>
        <label htmlFor={selectId} className="mb-1 block text-sm font-medium">
          {t('pickBet')}
        </label>
        <select
          id={selectId}
          className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3"
          value={selectedId ?? ''}
          onChange={(event) => setPicked(Number(event.target.value))}
          disabled={withGiven.length === 0}
          data-testid="fair-bet-picker"
        >
          {withGiven.length === 0 ? (
            <option value="">{bets.isPending ? t('loading') : t('noBets')}</option>
          ) : null}
          {withGiven.map((item) => (
            <option key={item.id} value={item.id}>
              {t('betOption', {
                id: item.id,
                game: t(`games.${item.game}`),
                amount: format.money(item.amount, item.currency),
                nonce: item.nonce,
              })}
            </option>
          ))}
        </select>
        {bets.isError ? (
          <p role="alert" className="mt-1 text-sm text-danger">
            {t('betsFailed')}
          </p>
        ) : null}
      </div>
      {bet ? (
        <BetVerification
          key={bet.id}
          bet={bet}
          revealedSeed={revealedSeeds[bet.server_seed_hash]}
          onRotate={onRotate}
          rotating={rotating}
        />
      ) : single.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t('betFailed')}
        </p>
      ) : null}
    </div>
  );
}

interface ManualState {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  game: FairGame;
  mines: string;
  cards: string;
}

/** Seeds typed by hand (guests too): the outcome recomputed with `lib/fair`, and the hash check. */
export function ManualVerify({ game }: { game?: FairGame }) {
  const t = useTranslations('games.fair');
  const [form, setForm] = useState<ManualState>({
    serverSeed: '',
    serverSeedHash: '',
    clientSeed: '',
    nonce: '0',
    game: game ?? 'dice',
    mines: '3',
    cards: '2',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ManualState, string>>>({});
  const [result, setResult] = useState<{
    outcome: VerifiedOutcome;
    hash: string;
    hashMatches: boolean | null;
  } | null>(null);
  const set = (key: keyof ManualState) => (event: { target: { value: string } }) => {
    setForm((current) => ({ ...current, [key]: event.target.value }));
    setResult(null);
  };
  const gameId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<keyof ManualState, string>> = {};
    const serverSeed = form.serverSeed.trim();
    if (!serverSeed) found.serverSeed = t('required');
    if (!form.clientSeed) found.clientSeed = t('required');
    const nonce = Number(form.nonce);
    if (!/^\d+$/.test(form.nonce.trim()) || !Number.isSafeInteger(nonce)) found.nonce = t('nonceInvalid');
    const input = manualVerifyInput({
      game: form.game,
      mines: Number(form.mines),
      cards: Number(form.cards),
    });
    if (!input) {
      if (form.game === 'miner') found.mines = t('minesInvalid');
      else found.cards = t('cardsInvalid', { max: HILO_MAX_CARDS });
    }
    const hashText = form.serverSeedHash.trim();
    if (hashText && !/^[0-9a-fA-F]{64}$/.test(hashText)) found.serverSeedHash = t('hashInvalid');
    setErrors(found);
    if (Object.keys(found).length > 0 || !input) {
      setResult(null);
      return;
    }
    const outcome = recompute({ serverSeed, clientSeed: form.clientSeed, nonce }, input);
    setResult({
      outcome,
      hash: sha256Hex(serverSeed),
      hashMatches: hashText ? seedMatchesHash(serverSeed, hashText) : null,
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3" data-testid="fair-manual">
      <TextField
        label={t('serverSeed')}
        value={form.serverSeed}
        onChange={set('serverSeed')}
        error={errors.serverSeed}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label={t('serverSeedHashOptional')}
        value={form.serverSeedHash}
        onChange={set('serverSeedHash')}
        error={errors.serverSeedHash}
        autoComplete="off"
        spellCheck={false}
      />
      <TextField
        label={t('clientSeed')}
        value={form.clientSeed}
        onChange={set('clientSeed')}
        error={errors.clientSeed}
        autoComplete="off"
        spellCheck={false}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('nonce')}
          value={form.nonce}
          onChange={set('nonce')}
          error={errors.nonce}
          inputMode="numeric"
        />
        <div>
          <label htmlFor={gameId} className="mb-1 block text-sm font-medium">
            {t('game')}
          </label>
          <select
            id={gameId}
            value={form.game}
            onChange={set('game')}
            className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3"
          >
            {FAIR_GAMES.map((option) => (
              <option key={option} value={option}>
                {t(`games.${option}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {form.game === 'miner' ? (
        <TextField
          label={t('mines')}
          value={form.mines}
          onChange={set('mines')}
          error={errors.mines}
          inputMode="numeric"
        />
      ) : null}
      {form.game === 'hilo' ? (
        <TextField
          label={t('cards')}
          value={form.cards}
          onChange={set('cards')}
          error={errors.cards}
          inputMode="numeric"
        />
      ) : null}
      {form.game === 'cases' ? <p className="text-xs text-muted">{t('casesManualHint')}</p> : null}
      <button type="submit" className={`${buttonClass.primary} w-full`}>
        {t('verify')}
      </button>
      <div aria-live="polite">
        {result ? (
          <div className="space-y-2 text-sm" data-testid="fair-manual-result">
            <div className="rounded-xl bg-panel-2 p-3">
              <p className="mb-1 text-muted">{t('recomputedOutcome')}</p>
              <OutcomeView outcome={result.outcome} testId="fair-manual-outcome" />
            </div>
            <div>
              <p className="text-muted">{t('computedHash')}</p>
              <SeedValue value={result.hash} testId="fair-manual-hash" />
            </div>
            {result.hashMatches === null ? null : (
              <Check
                ok={result.hashMatches}
                okText={t('hashMatches')}
                badText={t('hashMismatch')}
                testId="fair-manual-hash-check"
              />
            )}
          </div>
        ) : null}
      </div>
    </form>
  );
}
