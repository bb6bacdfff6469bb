'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import { validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { clientSeed, type SeedPair } from '@/lib/contracts/games';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { validationErrorLines } from '@/lib/validation-errors';
import type { RotateSeedReply } from '../api/rotate-seed';
import { useSeedPair } from '../api/get-seed-pair';
import { FairTermHelp } from './fair-term-help';
import { useChangeClientSeed, useRotateSeed } from './use-seed-actions';

const clientSeedForm = z.object({ client_seed: clientSeed });
type ClientSeedForm = z.infer<typeof clientSeedForm>;

/** A long hex value that wraps anywhere and can be selected whole. */
export function SeedValue({ value, testId }: { value: string; testId?: string }) {
  return (
    <code
      className="block select-all break-all rounded-lg bg-ink/60 px-2 py-1 font-mono text-xs"
      data-testid={testId}
    >
      {value}
    </code>
  );
}

/**
 * The active pair: its server seed hash, client seed and next nonce (`GET /fair/seed`), each term
 * explained in a popover (fair-term-help.tsx).
 */
export function ActivePair({ pair }: { pair: SeedPair }) {
  const t = useTranslations('games.fair');
  return (
    <dl className="space-y-2 text-sm" data-testid="fair-active-pair">
      <div>
        <dt className="mb-1 flex items-center gap-2 text-muted">
          {t('serverSeedHash')} <FairTermHelp term="serverSeedHash" />
        </dt>
        <dd>
          <SeedValue value={pair.server_seed_hash} testId="fair-server-seed-hash" />
        </dd>
      </div>
      <div>
        <dt className="mb-1 flex items-center gap-2 text-muted">
          {t('clientSeed')} <FairTermHelp term="clientSeed" />
        </dt>
        <dd>
          <SeedValue value={pair.client_seed} testId="fair-client-seed" />
        </dd>
      </div>
      <div className="flex items-center justify-between gap-2">
        <dt className="flex items-center gap-2 text-muted">
          {t('nextNonce')} <FairTermHelp term="nonce" />
        </dt>
        <dd className="font-mono tabular-nums" data-testid="fair-nonce">
          {pair.nonce}
        </dd>
      </div>
    </dl>
  );
}

/**
 * The seeds tab: the active pair, a form for a new client seed (the contract's rule, then the server's
 * 422 on the field), and the rotation that reveals the current server seed.
 */
export function SeedPairSection({
  rotated,
  onRotated,
}: {
  /** The last rotation made in this panel, shown until the panel closes. */
  rotated: RotateSeedReply | null;
  onRotated: (reply: RotateSeedReply) => void;
}) {
  const t = useTranslations('games.fair');
  const pair = useSeedPair();
  const translator = useErrorTranslator();
  const change = useChangeClientSeed();
  const rotate = useRotateSeed();
  const form = useForm<ClientSeedForm>({
    resolver: zodResolver(clientSeedForm),
    defaultValues: { client_seed: '' },
  });
  const error = form.formState.errors.client_seed;
  const fieldError = !error
    ? undefined
    : error.type === 'server'
      ? error.message
      : error.type === 'too_small'
        ? t('clientSeedRequired')
        : error.type === 'too_big'
          ? t('clientSeedTooLong')
          : t('clientSeedInvalid');

  const submit = form.handleSubmit(async ({ client_seed }) => {
    try {
      await change.mutateAsync(client_seed);
      form.reset({ client_seed: '' });
    } catch (failure) {
      const errors = validationErrorsOf(failure);
      const lines = errors ? validationErrorLines(errors, translator) : [];
      if (lines.length > 0)
        form.setError('client_seed', { type: 'server', message: lines.join(' ') }, { shouldFocus: true });
      else notifyRequestError(failure, translator);
    }
  });

  const rotateError = (() => {
    if (!rotate.error) return null;
    const errors = validationErrorsOf(rotate.error);
    return errors ? validationErrorLines(errors, translator).join(' ') : null;
  })();

  const doRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: onRotated,
      onError: (failure) => {
        if (!validationErrorsOf(failure)) notifyRequestError(failure, translator);
      },
    });

  const rotateTitle = useId();
  return (
    <div className="space-y-6">
      <section aria-label={t('activePair')}>
        {pair.data ? (
          <ActivePair pair={pair.data} />
        ) : pair.isError ? (
          <p role="alert" className="text-sm text-danger">
            {t('pairFailed')}
          </p>
        ) : (
          <div className="h-28 animate-pulse rounded-xl bg-panel-2" aria-busy="true">
            <span className="sr-only">{t('loading')}</span>
          </div>
        )}
      </section>

      <form noValidate onSubmit={submit} className="space-y-3" data-testid="fair-client-seed-form">
        <TextField
          label={t('newClientSeed')}
          hint={t('clientSeedHint')}
          autoComplete="off"
          spellCheck={false}
          maxLength={128}
          error={fieldError}
          {...form.register('client_seed')}
        />
        <PendingButton
          type="submit"
          pending={change.isPending}
          pendingLabel={t('saving')}
          className={`${buttonClass.secondary} w-full`}
        >
          {t('changeClientSeed')}
        </PendingButton>
      </form>

      <section aria-labelledby={rotateTitle} className="space-y-3">
        <h3 id={rotateTitle} className="font-semibold">
          {t('rotateTitle')}
        </h3>
        <p className="text-sm text-muted">{t('rotateHint')}</p>
        <PendingButton
          type="button"
          pending={rotate.isPending}
          pendingLabel={t('rotating')}
          onClick={doRotate}
          className={`${buttonClass.primary} w-full`}
          data-testid="fair-rotate"
        >
          {t('rotate')}
        </PendingButton>
        {rotateError ? (
          <p role="alert" className="text-sm text-danger" data-testid="fair-rotate-error">
            {rotateError}
          </p>
        ) : null}
        {rotated ? <RotationResult reply={rotated} /> : null}
      </section>
    </div>
  );
}

/** What a rotation revealed: the old server seed next to its hash, and the new pair's hash. */
export function RotationResult({ reply }: { reply: RotateSeedReply }) {
  const t = useTranslations('games.fair');
  return (
    <div
      role="status"
      className="space-y-2 rounded-xl border border-ok/40 bg-ok/10 p-3 text-sm"
      data-testid="fair-rotated"
    >
      <p className="font-semibold text-ok">{t('rotated', { nonce: reply.previous.nonce })}</p>
      <div>
        <p className="text-muted">{t('previousServerSeed')}</p>
        <SeedValue value={reply.previous.server_seed} testId="fair-revealed-seed" />
      </div>
      <div>
        <p className="text-muted">{t('previousServerSeedHash')}</p>
        <SeedValue value={reply.previous.server_seed_hash} />
      </div>
      <div>
        <p className="text-muted">{t('newServerSeedHash')}</p>
        <SeedValue value={reply.current.server_seed_hash} testId="fair-new-hash" />
      </div>
    </div>
  );
}
