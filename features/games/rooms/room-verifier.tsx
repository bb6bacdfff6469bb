'use client';

import { useTranslations } from 'next-intl';
import { useId, useImperativeHandle, useState, type Ref } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { TextField } from '@/components/ui/text-field';
import type { RoomRound } from '@/lib/contracts/rooms';
import type { RoomCheck } from './room-verify';

/** What the section asks of the verifier: check a round picked in the history. */
export interface RoomVerifierHandle {
  verify: (round: RoomRound) => void;
}

interface Values {
  seed: string;
  seedHash: string;
  stakes: string;
}

/** The round picked, to compare the computed winner with the recorded one. */
interface Expected {
  id: number;
  stakeId: number | null;
  ticket: number | null;
}

/** The verifier's code (Web Crypto, lib/fair/rooms.ts) loads with the first check, not with the page. */
const verifier = () => import('./room-verify');

/**
 * The rooms' verifier: a round's revealed seed, its published seed hash and its stakes give, computed in
 * the browser with Web Crypto, whether the seed is the committed one, the HMAC, the winning ticket and the
 * winning stake, and whether that is the winner the site recorded. Any round can be typed in; a round of
 * the history fills the fields and is checked at once.
 */
export function RoomVerifier({ ref }: { ref?: Ref<RoomVerifierHandle> }) {
  const t = useTranslations('rooms.verifier');
  const [values, setValues] = useState<Values>({ seed: '', seedHash: '', stakes: '' });
  const [expected, setExpected] = useState<Expected | null>(null);
  const [pending, setPending] = useState(false);
  const [check, setCheck] = useState<RoomCheck | null>(null);
  const headingId = useId();
  const stakesId = useId();

  const run = async (input: Values, picked: Expected | null) => {
    setPending(true);
    try {
      const { checkRoomRound } = await verifier();
      setCheck(await checkRoomRound(input));
      setExpected(picked);
    } finally {
      setPending(false);
    }
  };

  useImperativeHandle(ref, () => ({
    verify: (round) => {
      void verifier().then(({ roundStakesMessage }) => {
        const input = {
          seed: round.seed ?? '',
          seedHash: round.seed_hash,
          stakes: roundStakesMessage(round),
        };
        setValues(input);
        document.getElementById(headingId)?.scrollIntoView?.({ block: 'nearest' });
        void run(input, { id: round.id, stakeId: round.winner?.stake_id ?? null, ticket: round.ticket });
      });
    },
  }));

  const change = (field: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setExpected(null);
  };

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-line bg-panel p-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('title')}
      </h3>
      <form
        className="grid gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void run(values, null);
        }}
        data-testid="room-verifier"
      >
        <TextField
          label={t('seed')}
          value={values.seed}
          onChange={(event) => change('seed')(event.target.value)}
          autoComplete="off"
          spellCheck={false}
          error={check?.kind === 'invalid' && check.field === 'seed' ? t('seedInvalid') : undefined}
        />
        <TextField
          label={t('seedHash')}
          value={values.seedHash}
          onChange={(event) => change('seedHash')(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
        <div>
          <label htmlFor={stakesId} className="mb-1 block text-sm font-medium">
            {t('stakes')}
          </label>
          <textarea
            id={stakesId}
            rows={3}
            value={values.stakes}
            onChange={(event) => change('stakes')(event.target.value)}
            spellCheck={false}
            aria-describedby={`${stakesId}-hint`}
            aria-invalid={check?.kind === 'invalid' && check.field === 'stakes' ? true : undefined}
            className="w-full rounded-xl border border-line bg-panel-2 px-3 py-2 font-mono text-xs"
          />
          <p id={`${stakesId}-hint`} className="mt-1 text-xs text-muted">
            {check?.kind === 'invalid' && check.field === 'stakes' ? (
              <span className="text-danger">{t('stakesInvalid')}</span>
            ) : (
              t('stakesHint')
            )}
          </p>
        </div>
        <PendingButton
          type="submit"
          pending={pending}
          pendingLabel={t('checking')}
          className={buttonClass.primary}
        >
          {t('check')}
        </PendingButton>
      </form>
      <div aria-live="polite" className="mt-3 text-sm" data-testid="room-verifier-result">
        {check?.kind === 'unsupported' ? <p className="text-danger">{t('unsupported')}</p> : null}
        {check?.kind === 'checked' ? (
          <dl className="grid gap-1">
            <dt className="text-muted">{t('hash')}</dt>
            <dd className="break-all font-mono text-xs">{check.seedHash}</dd>
            {check.hashMatches === null ? null : (
              <dd className={check.hashMatches ? 'text-ok' : 'text-danger'} data-testid="room-verifier-hash">
                {check.hashMatches ? t('hashOk') : t('hashBad')}
              </dd>
            )}
            <dt className="text-muted">{t('hmac')}</dt>
            <dd className="break-all font-mono text-xs">{check.hmac}</dd>
            <dt className="text-muted">{t('ticket')}</dt>
            <dd className="font-mono" data-testid="room-verifier-ticket">
              {t('ticketOf', { ticket: check.ticket.toString(), pot: check.potMinor.toString() })}
            </dd>
            <dt className="text-muted">{t('winner')}</dt>
            <dd data-testid="room-verifier-winner">
              {t('winningStake', { id: check.winner.id, user: check.winner.userId })}
            </dd>
            {expected ? (
              <dd
                className={
                  expected.stakeId === check.winner.id && expected.ticket === Number(check.ticket)
                    ? 'font-semibold text-ok'
                    : 'font-semibold text-danger'
                }
                data-testid="room-verifier-verdict"
              >
                {expected.stakeId === check.winner.id && expected.ticket === Number(check.ticket)
                  ? t('matches', { id: expected.id })
                  : t('mismatch', { id: expected.id })}
              </dd>
            ) : null}
          </dl>
        ) : null}
      </div>
    </section>
  );
}
