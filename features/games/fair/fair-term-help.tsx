'use client';

import { useTranslations } from 'next-intl';
import { Popover } from '@/components/ui/popover';

/** The terms of the fairness panel a player may not know, each explained in a popover. */
export type FairTerm = 'serverSeedHash' | 'clientSeed' | 'nonce';

/** A "?" beside a term of the fairness panel that opens what it means (`games.fair.help`). */
export function FairTermHelp({ term }: { term: FairTerm }) {
  const t = useTranslations('games.fair');
  return (
    <Popover
      label={t(`help.${term}.label`)}
      title={t(term)}
      closeLabel={t('help.close')}
      theme="white"
      testId={`fair-help-${term}`}
    >
      <p>{t(`help.${term}.text`)}</p>
    </Popover>
  );
}
