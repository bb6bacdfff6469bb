import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { DeferredCrashFairnessTools, DeferredPublishedChain } from './crash-fairness-deferred';

const STEPS = ['chain', 'published', 'salt', 'formula', 'edge'] as const;

/**
 * Crash's "Provably fair" section (issue 16): the chain's published terminating hash and salt, the scheme
 * in plain words, the last finished games and a verifier that recomputes any game in the browser. A
 * server component: the explanation is plain HTML; only the chain, the list and the verifier are client
 * code, with their own texts (`games.crashFair`), loaded once the section nears the screen or the page is
 * idle (crash-fairness-deferred.tsx).
 */
export async function CrashFairness() {
  const t = await getTranslations('games.crashFairInfo');
  return (
    <section aria-labelledby="crash-fairness-title" className="mt-8 space-y-4" data-testid="crash-fairness">
      <div>
        <h2 id="crash-fairness-title" className="text-xl font-bold">
          {t('title')}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-muted">{t('intro')}</p>
      </div>
      <ScopedMessages namespaces={['games.crashFair']}>
        <DeferredPublishedChain />
        <section
          aria-labelledby="crash-fairness-how"
          className="rounded-2xl border border-line bg-panel p-4 text-sm"
        >
          <h3 id="crash-fairness-how" className="mb-2 font-semibold">
            {t('howTitle')}
          </h3>
          <ol className="list-decimal space-y-2 pl-5 text-muted">
            {STEPS.map((step) => (
              <li key={step} className="break-words">
                {t(`steps.${step}`)}
              </li>
            ))}
          </ol>
        </section>
        <DeferredCrashFairnessTools />
      </ScopedMessages>
    </section>
  );
}
