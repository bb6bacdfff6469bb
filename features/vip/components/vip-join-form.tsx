'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { buttonClass } from '@/components/ui/button-styles';
import { PendingButton } from '@/components/ui/pending-button';
import { validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { validationErrorLines } from '@/lib/validation-errors';
import { useVipJoin, type VipRequestType } from '../api/vip-api';

/** The requests a player sends from the page (a social registration's is sent by the sign-up itself). */
export const JOIN_REQUEST_TYPES = [
  'join',
  'personal_manager',
  'level_transfer',
] as const satisfies readonly VipRequestType[];

/** The details a level transfer needs: the other casino and the level held there. */
export const DETAILS_MIN = 3;
export const DETAILS_MAX = 500;

export const vipJoinFormSchema = z
  .object({
    request_type: z.enum(JOIN_REQUEST_TYPES),
    details: z.string().trim().max(DETAILS_MAX),
  })
  .superRefine((value, ctx) => {
    if (value.request_type === 'level_transfer' && value.details.length < DETAILS_MIN) {
      ctx.addIssue({ code: 'custom', path: ['details'], message: 'detailsRequired' });
    }
  });
type VipJoinForm = z.infer<typeof vipJoinFormSchema>;

/**
 * `POST api/v2/vip/join` with `request_type`: to join, to get a personal manager, or to carry a level over
 * from another casino (with the details the operator checks). The operator reviews each; one of a type is
 * pending at a time, so a type already pending is not offered.
 */
export function VipJoinForm({ pending }: { pending: readonly string[] }) {
  const t = useTranslations('vip.join');
  const types = useTranslations('vip.types');
  const common = useErrorTranslator();
  const join = useVipJoin();
  const [sent, setSent] = useState<VipRequestType | null>(null);
  const available = JOIN_REQUEST_TYPES.filter((type) => !pending.includes(type));
  const form = useForm<VipJoinForm>({
    resolver: zodResolver(vipJoinFormSchema),
    defaultValues: { request_type: available[0] ?? 'join', details: '' },
  });
  const type = useWatch({ control: form.control, name: 'request_type' });
  const typeId = useId();
  const detailsId = useId();
  const detailsError = form.formState.errors.details;
  const typeError = form.formState.errors.request_type;
  const detailsMessage = !detailsError
    ? undefined
    : detailsError.type === 'server'
      ? detailsError.message
      : detailsError.type === 'too_big'
        ? t('detailsTooLong', { max: DETAILS_MAX })
        : t('detailsRequired');

  const submit = form.handleSubmit(async ({ request_type, details }) => {
    setSent(null);
    try {
      await join.mutateAsync({
        requestType: request_type,
        details: request_type === 'level_transfer' ? details : null,
      });
      setSent(request_type);
      form.reset({ request_type: available.find((other) => other !== request_type) ?? 'join', details: '' });
    } catch (failure) {
      const errors = validationErrorsOf(failure);
      if (errors?.details || errors?.request_type) {
        for (const field of ['details', 'request_type'] as const) {
          const lines = errors[field] ? validationErrorLines({ [field]: errors[field] }, common) : [];
          if (lines.length > 0) form.setError(field, { type: 'server', message: lines.join(' ') });
        }
        return;
      }
      notifyRequestError(failure, common, t('failed'));
    }
  });

  return (
    <section className="rounded-2xl border border-line bg-panel p-4 sm:p-6" aria-labelledby="vip-join">
      <h2 id="vip-join" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-sm text-muted">{t('intro')}</p>
      {available.length === 0 ? (
        <p className="mt-3 text-sm text-muted">{t('allPending')}</p>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 space-y-3" data-testid="vip-join-form">
          <div>
            <label htmlFor={typeId} className="mb-1 block text-sm font-medium">
              {t('type')}
            </label>
            <select
              id={typeId}
              className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3"
              aria-invalid={typeError ? true : undefined}
              {...form.register('request_type')}
            >
              {available.map((option) => (
                <option key={option} value={option}>
                  {types(option)}
                </option>
              ))}
            </select>
            {typeError ? (
              <p className="mt-1 text-sm text-danger">{typeError.message ?? t('failed')}</p>
            ) : null}
          </div>
          {type === 'level_transfer' ? (
            <div>
              <label htmlFor={detailsId} className="mb-1 block text-sm font-medium">
                {t('details')}
              </label>
              <textarea
                id={detailsId}
                rows={3}
                maxLength={DETAILS_MAX}
                className="w-full rounded-xl border border-line bg-panel-2 px-3 py-2"
                aria-invalid={detailsMessage ? true : undefined}
                aria-describedby={`${detailsId}-note`}
                {...form.register('details')}
              />
              <p
                id={`${detailsId}-note`}
                className={`mt-1 text-sm ${detailsMessage ? 'text-danger' : 'text-xs text-muted'}`}
              >
                {detailsMessage ?? t('detailsHint')}
              </p>
            </div>
          ) : null}
          <PendingButton
            type="submit"
            className={buttonClass.primary}
            pending={form.formState.isSubmitting}
            pendingLabel={t('sending')}
            data-testid="vip-join-submit"
          >
            {t('send')}
          </PendingButton>
        </form>
      )}
      <div aria-live="polite">
        {sent ? (
          <p
            role="status"
            className="mt-3 rounded-xl border border-ok/40 bg-ok/10 p-3 text-ok"
            data-testid="vip-join-sent"
          >
            {t('sent', { type: types(sent) })}
          </p>
        ) : null}
      </div>
    </section>
  );
}
