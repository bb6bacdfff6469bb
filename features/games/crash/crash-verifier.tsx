'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useImperativeHandle, useRef, useState, type FormEvent, type Ref } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import type { CrashFairness } from '@/lib/contracts/crash';
import { useFormat } from '@/lib/i18n/use-format';
import { crashFairnessQueryOptions, useCrashFairness } from '../api/get-crash-fairness';
import { HashValue } from './copy-button';
import { CHAIN_SEARCH_MAX_STEPS, GAME_HASH } from './constants';
import type { ChainSearchResult } from './crash-verify';

/** What the section asks of the verifier: check the game whose hash was picked in the history. */
export interface CrashVerifierHandle {
  verify: (hash: string) => void;
}

type Field = 'hash' | 'salt' | 'terminating';
type Values = Record<Field, string>;

interface Verified {
  hash: string;
  salt: string;
  terminating: string | null;
  point: number;
  previousHash: string;
}

type Chain =
  | { state: 'searching'; checked: number }
  | { state: 'done'; result: ChainSearchResult }
  | { state: 'no-terminating' };

/**
 * The crash verifier: a game hash (with a salt and a terminating hash, by default the published ones)
 * gives, computed in the browser with lib/fair/crash.ts, the crash point, the previous game's hash, and
 * whether hashing back leads to the terminating hash within `maxSteps` games (a search in slices, with
 * its progress and a stop button). Its computation (crash-verify.ts, with @noble/hashes) is loaded on
 * the first verification, not with the page.
 */
export function CrashVerifier({
  ref,
  maxSteps = CHAIN_SEARCH_MAX_STEPS,
}: {
  ref?: Ref<CrashVerifierHandle>;
  maxSteps?: number;
}) {
  const t = useTranslations('games.crashFair.verifier');
  const format = useFormat();
  const queryClient = useQueryClient();
  const fairness = useCrashFairness();
  const [values, setValues] = useState<Values>({ hash: '', salt: '', terminating: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [verified, setVerified] = useState<Verified | null>(null);
  const [chain, setChain] = useState<Chain | null>(null);
  const search = useRef<AbortController | null>(null);
  const hashInput = useRef<HTMLInputElement>(null);
  const saltInput = useRef<HTMLInputElement>(null);
  const terminatingInput = useRef<HTMLInputElement>(null);
  const headingId = useId();

  useEffect(() => () => search.current?.abort(), []);

  const run = async (input: Values) => {
    search.current?.abort();
    const controller = new AbortController();
    search.current = controller;
    const current = () => search.current === controller && !controller.signal.aborted;

    const hash = input.hash.trim();
    const typedSalt = input.salt.trim();
    const typedTerminating = input.terminating.trim();
    const found: Partial<Record<Field, string>> = {};
    if (!hash) found.hash = t('hashRequired');
    else if (!GAME_HASH.test(hash)) found.hash = t('hashInvalid');
    if (typedTerminating && !GAME_HASH.test(typedTerminating)) found.terminating = t('terminatingInvalid');
    setFailure(null);
    setVerified(null);
    setChain(null);
    setErrors(found);
    if (found.hash || found.terminating) {
      (found.hash ? hashInput : terminatingInput).current?.focus();
      return;
    }

    setPending(true);
    let published: CrashFairness | null = null;
    if (!typedSalt || !typedTerminating) {
      published = await queryClient.fetchQuery(crashFairnessQueryOptions()).catch(() => null);
    }
    const salt = typedSalt || published?.salt || null;
    const terminating = typedTerminating || published?.terminating_hash || null;
    if (!current()) return;
    if (!salt) {
      setPending(false);
      setErrors({ salt: published ? t('saltRequired') : t('saltUnavailable') });
      saltInput.current?.focus();
      return;
    }

    let code: typeof import('./crash-verify');
    try {
      code = await import('./crash-verify');
    } catch {
      if (current()) {
        setPending(false);
        setFailure(t('loadFailed'));
      }
      return;
    }
    if (!current()) return;
    setPending(false);
    setVerified({ hash, salt, terminating, ...code.checkCrashGame(hash, salt) });
    if (!terminating) {
      setChain({ state: 'no-terminating' });
      return;
    }
    setChain({ state: 'searching', checked: 0 });
    const result = await code.searchChain(hash, terminating, {
      maxSteps,
      signal: controller.signal,
      onProgress: (checked) => {
        if (current()) setChain({ state: 'searching', checked });
      },
    });
    // A newer verification replaced this one: its answer is not wanted (a stop is).
    if (search.current === controller) setChain({ state: 'done', result });
  };

  useImperativeHandle(ref, () => ({
    verify: (hash: string) => {
      const next = { ...values, hash };
      setValues(next);
      hashInput.current?.focus();
      void run(next);
    },
  }));

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((state) => ({ ...state, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(values);
  };

  // The three inputs differ in name, focus target and hint only.
  const hexField = (field: Field, ref: typeof hashInput, hint: string) => (
    <TextField
      ref={ref}
      label={t(field)}
      hint={hint}
      value={values[field]}
      onChange={set(field)}
      error={errors[field]}
      autoComplete="off"
      autoCapitalize="off"
      spellCheck={false}
      data-testid={`crash-verify-${field}`}
    />
  );

  const publishedData = fairness.data;
  const saltHint = publishedData && !publishedData.salt ? t('saltHintNone') : t('saltHint');
  const terminatingHint =
    publishedData && !publishedData.terminating_hash ? t('terminatingHintNone') : t('terminatingHint');

  return (
    <section
      aria-labelledby={headingId}
      className="min-w-0 rounded-2xl border border-line bg-panel p-4"
      data-testid="crash-verifier"
    >
      <h3 id={headingId} className="font-semibold">
        {t('title')}
      </h3>
      <p className="mb-3 mt-1 text-sm text-muted">{t('hint')}</p>
      <form noValidate onSubmit={submit} className="space-y-3">
        {hexField('hash', hashInput, t('hashHint'))}
        {hexField('salt', saltInput, saltHint)}
        {hexField('terminating', terminatingInput, terminatingHint)}
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={t('verifying')}
          className={`${buttonClass.primary} w-full`}
          data-testid="crash-verify-submit"
        >
          {t('submit')}
        </PendingButton>
      </form>
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-danger" data-testid="crash-verify-failure">
          {failure}
        </p>
      ) : null}

      <div aria-live="polite" className="mt-4 space-y-2 text-sm" data-testid="crash-verify-result">
        {verified ? (
          <p className="flex flex-wrap items-baseline justify-between gap-2 rounded-xl bg-panel-2 p-3">
            <span className="text-muted">{t('crashPoint')}</span>
            <strong className="text-2xl tabular-nums" data-testid="crash-verify-point">
              {format.multiplier(verified.point)}
            </strong>
          </p>
        ) : null}
        {chain && chain.state !== 'searching' ? <ChainVerdict chain={chain} maxSteps={maxSteps} /> : null}
      </div>

      {chain?.state === 'searching' ? (
        <div className="mt-2 space-y-2 text-sm" data-testid="crash-verify-searching">
          <progress
            max={maxSteps}
            value={chain.checked}
            aria-label={t('progressLabel')}
            className="h-2 w-full accent-gold"
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-muted">
              {t('searching', { checked: format.number(chain.checked), max: format.number(maxSteps) })}
            </p>
            <button
              type="button"
              className={buttonClass.secondary}
              onClick={() => search.current?.abort()}
              data-testid="crash-verify-cancel"
            >
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : null}

      {verified ? (
        <dl className="mt-3 space-y-3 text-sm" data-testid="crash-verify-details">
          <div>
            <dt className="mb-1 text-muted">{t('previousHash')}</dt>
            <dd>
              <HashValue
                value={verified.previousHash}
                copyLabel={t('copyPrevious')}
                testId="crash-verify-previous"
              />
            </dd>
          </div>
          <div>
            <dt className="mb-1 text-muted">{t('saltUsed')}</dt>
            <dd>
              <code className="block break-all font-mono text-xs" data-testid="crash-verify-salt-used">
                {verified.salt}
              </code>
            </dd>
          </div>
          {verified.terminating ? (
            <div>
              <dt className="mb-1 text-muted">{t('terminatingUsed')}</dt>
              <dd>
                <code className="block break-all font-mono text-xs">{verified.terminating}</code>
              </dd>
            </div>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}

function ChainVerdict({
  chain,
  maxSteps,
}: {
  chain: Exclude<Chain, { state: 'searching' }>;
  maxSteps: number;
}) {
  const t = useTranslations('games.crashFair.verifier');
  const format = useFormat();
  let kind: 'found' | 'not-found' | 'cancelled' | 'none';
  let text: string;
  if (chain.state === 'no-terminating') {
    kind = 'none';
    text = t('noTerminating');
  } else if (chain.result.kind === 'found') {
    kind = 'found';
    text = t('found', { position: format.number(chain.result.position) });
  } else if (chain.result.kind === 'not-found') {
    kind = 'not-found';
    text = t('notFound', { max: format.number(maxSteps) });
  } else {
    kind = 'cancelled';
    text = t('cancelled', { checked: format.number(chain.result.steps) });
  }
  const style =
    kind === 'found' ? 'bg-ok/10 text-ok' : kind === 'not-found' ? 'bg-danger/10 text-danger' : 'bg-panel-2';
  return (
    <p
      className={`flex items-start gap-2 rounded-lg px-3 py-2 font-semibold ${style}`}
      data-testid="crash-verify-chain"
      data-result={kind}
    >
      {kind === 'found' || kind === 'not-found' ? (
        <span aria-hidden="true">{kind === 'found' ? '✓' : '✗'}</span>
      ) : null}
      <span>{text}</span>
    </p>
  );
}
