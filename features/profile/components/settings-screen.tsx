'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useId, useMemo, useState, useTransition } from 'react';
import type { User } from '@/lib/api/schemas/user';
import { isLocale, LOCALE_RECORDS, LOCALES, type Locale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useErrorTranslator } from '@/lib/i18n/use-error-translator';
import { notify } from '@/lib/stores/notification-store';
import { translateValidationMessage } from '@/lib/validation-errors';
import { settingsErrorKey, useUpdateSetting } from '@/lib/session/update-setting-mutation';
import { ProfileData } from './profile-data';
import { PlayerLimitsSetting } from './player-limits';
import { SelfExclusionSetting } from './self-exclusion';

/**
 * `/profile/setting`: language, time zone, and whether the avatar and statistics are hidden. Every
 * change is saved at once with one `PUT /profile/settings` call carrying that one field; the screen
 * shows the new value immediately and puts the old one back if the call fails (spec sections 7 and 8).
 */
export function SettingsScreen() {
  return <ProfileData skeletonRows={2}>{(user) => <SettingsForm user={user} />}</ProfileData>;
}

const selectClass = 'min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3 disabled:opacity-60';

function SettingsForm({ user }: { user: User }) {
  const t = useTranslations('settings');
  return (
    <div className="space-y-4">
      <section
        aria-labelledby="settings-interface"
        className="space-y-5 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <h2 id="settings-interface" className="text-lg font-semibold">
          {t('sections.interface')}
        </h2>
        <LanguageSetting user={user} />
        <TimezoneSetting user={user} />
      </section>
      <section
        aria-labelledby="settings-privacy"
        className="space-y-5 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <h2 id="settings-privacy" className="text-lg font-semibold">
          {t('sections.privacy')}
        </h2>
        <ToggleSetting
          field="is_avatar_hidden"
          checked={Boolean(user.is_avatar_hidden)}
          label={t('avatarHidden.label')}
          hint={t('avatarHidden.hint')}
        />
        <ToggleSetting
          field="is_statistics_hidden"
          checked={Boolean(user.is_statistics_hidden)}
          label={t('statisticsHidden.label')}
          hint={t('statisticsHidden.hint')}
        />
      </section>
      <section
        aria-labelledby="settings-protection"
        className="space-y-5 rounded-2xl border border-line bg-panel p-4 sm:p-6"
      >
        <h2 id="settings-protection" className="text-lg font-semibold">
          {t('sections.protection')}
        </h2>
        <PlayerLimitsSetting />
        <SelfExclusionSetting />
      </section>
    </div>
  );
}

/** Spec section 8: "settings update error" is a notification titled with the translated error.{error}. */
function useSettingErrorNotification() {
  const t = useTranslations('settings');
  const translator = useErrorTranslator();
  return useCallback(
    (error: unknown) =>
      notify({
        kind: 'error',
        title: translateValidationMessage(settingsErrorKey(error), translator),
        text: t('notSaved'),
      }),
    [t, translator],
  );
}

function Saving({ pending, id }: { pending: boolean; id?: string }) {
  const t = useTranslations('settings');
  return (
    <span id={id} aria-live="polite" className="min-h-5 text-sm text-muted">
      {pending ? t('saving') : ''}
    </span>
  );
}

function LanguageSetting({ user }: { user: User }) {
  const t = useTranslations('settings.language');
  const interfaceLocale = useLocale();
  const router = useRouter();
  const pathname = usePathname();
  const [navigating, startTransition] = useTransition();
  const onError = useSettingErrorNotification();
  const save = useUpdateSetting('locale', {
    onError,
    onSuccess: (saved) => {
      if (isLocale(saved) && saved !== interfaceLocale) {
        startTransition(() => router.replace(pathname, { locale: saved, scroll: false }));
      }
    },
  });
  const id = useId();
  const value: Locale = isLocale(user.locale)
    ? user.locale
    : isLocale(interfaceLocale)
      ? interfaceLocale
      : 'en';
  const pending = save.isPending || navigating;

  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('label')}
      </label>
      <select
        id={id}
        value={value}
        disabled={pending}
        aria-describedby={`${id}-hint ${id}-state`}
        onChange={(event) => save.mutate(event.target.value)}
        className={selectClass}
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={LOCALE_RECORDS[code].iso}>
            {LOCALE_RECORDS[code].name}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
        {t('hint')}
      </p>
      <Saving id={`${id}-state`} pending={pending} />
    </div>
  );
}

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

const zoneLabel = (zone: string) => zone.replaceAll('_', ' ');

function TimezoneSetting({ user }: { user: User }) {
  const t = useTranslations('settings.timezone');
  const onError = useSettingErrorNotification();
  const save = useUpdateSetting('timezone', { onError });
  const zones = useMemo(() => supportedTimeZones(), []);
  const [query, setQuery] = useState('');
  const id = useId();
  const current = user.timezone ?? '';

  const needle = query.trim().toLowerCase().replace(/\s+/g, '_');
  const matches = needle ? zones.filter((zone) => zone.toLowerCase().includes(needle)) : zones;
  const options = current && !matches.includes(current) ? [current, ...matches] : matches;

  return (
    <div>
      <label htmlFor={`${id}-filter`} className="mb-1 block text-sm font-medium">
        {t('filterLabel')}
      </label>
      <input
        id={`${id}-filter`}
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('filterPlaceholder')}
        aria-controls={id}
        aria-describedby={`${id}-count`}
        autoComplete="off"
        className="mb-3 min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3"
      />
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {t('label')}
      </label>
      <select
        id={id}
        value={current}
        disabled={save.isPending}
        aria-describedby={`${id}-count ${id}-state`}
        onChange={(event) => event.target.value && save.mutate(event.target.value)}
        className={selectClass}
      >
        {current ? null : (
          <option value="" disabled>
            {t('notSet')}
          </option>
        )}
        {options.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabel(zone)}
          </option>
        ))}
      </select>
      <p id={`${id}-count`} aria-live="polite" className="mt-1 text-xs text-muted">
        {needle && matches.length === 0
          ? t('noMatch', { query: query.trim() })
          : t('count', { count: matches.length })}
      </p>
      <Saving id={`${id}-state`} pending={save.isPending} />
    </div>
  );
}

function ToggleSetting({
  field,
  checked,
  label,
  hint,
}: {
  field: 'is_avatar_hidden' | 'is_statistics_hidden';
  checked: boolean;
  label: string;
  hint: string;
}) {
  const onError = useSettingErrorNotification();
  const save = useUpdateSetting(field, { onError });
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <span id={`${id}-label`} className="block font-medium">
          {label}
        </span>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
        <Saving id={`${id}-state`} pending={save.isPending} />
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint ${id}-state`}
        aria-busy={save.isPending || undefined}
        disabled={save.isPending}
        onClick={() => save.mutate(!checked)}
        data-testid={`setting-${field}`}
        className={`relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border transition disabled:opacity-60 ${
          checked ? 'border-gold bg-gold' : 'border-line bg-panel-2'
        }`}
      >
        <span
          aria-hidden="true"
          className={`inline-block size-6 rounded-full bg-white shadow transition ${checked ? 'translate-x-7' : 'translate-x-1'}`}
        />
      </button>
    </div>
  );
}
