'use client';

import { useTranslations } from 'next-intl';
import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PhoneInput, type PhoneValue } from '@/components/ui/phone-input';
import { TextField } from '@/components/ui/text-field';
import { Segmented } from './segmented';

export type Channel = 'email' | 'phone';
interface ContactForm {
  channel: Channel;
  email: string;
  phone: PhoneValue;
}

/**
 * The e-mail / phone switch and the matching field, shared by the log-in and sign-up forms. The phone
 * field carries the country masks of spec section 3.
 */
export function ContactFields<F extends ContactForm>({
  channel,
  onChannel,
  control,
  register,
  errors,
}: {
  channel: Channel;
  onChannel: (channel: Channel) => void;
  control: Control<F>;
  register: UseFormRegister<F>;
  errors: FieldErrors<F>;
}) {
  const t = useTranslations('auth');
  // The generic form narrows to the shared fields; react-hook-form's path types cannot follow a generic.
  const shared = {
    control: control as unknown as Control<ContactForm>,
    register: register as unknown as UseFormRegister<ContactForm>,
  };
  const contactErrors = errors as FieldErrors<ContactForm>;
  const fieldError = (key?: string) => (key ? t(key as never) : undefined);
  return (
    <>
      <Segmented
        label={t('methodLabel')}
        value={channel}
        onChange={onChannel}
        options={[
          { value: 'email', label: t('byEmail') },
          { value: 'phone', label: t('byPhone') },
        ]}
      />
      {channel === 'email' ? (
        <TextField
          label={t('email')}
          type="email"
          autoComplete="email"
          error={fieldError(contactErrors.email?.message)}
          {...shared.register('email')}
        />
      ) : (
        <Controller
          control={shared.control}
          name="phone"
          render={({ field }) => (
            <PhoneInput
              value={field.value}
              onChange={field.onChange}
              label={t('phone')}
              countryLabel={t('country')}
              countryNames={{ ru: t('countryRu'), kz: t('countryKz'), by: t('countryBy') }}
              error={fieldError(contactErrors.phone?.message)}
            />
          )}
        />
      )}
    </>
  );
}
