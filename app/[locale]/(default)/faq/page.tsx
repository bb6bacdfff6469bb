import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('faq');

interface FaqSection {
  title: string;
  items: { q: string; a: string }[];
}

export default async function FaqPage(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('faq');
  const sections = t.raw('sections') as FaqSection[];
  return (
    <PageShell path={ROUTES.faq} title={t('title')} description={t('intro')}>
      <div className="space-y-8">
        {sections.map((section, i) => (
          <section key={section.title} aria-labelledby={`faq-${i}`}>
            <h2 id={`faq-${i}`} className="mb-3 text-xl font-bold">
              {section.title}
            </h2>
            <div className="space-y-2">
              {section.items.map((item) => (
                <details
                  key={item.q}
                  className="group rounded-xl border border-line bg-panel px-4 py-3 open:border-gold"
                >
                  <summary className="cursor-pointer list-none font-semibold marker:hidden">
                    <span className="mr-2 inline-block transition group-open:rotate-90" aria-hidden="true">
                      ›
                    </span>
                    {item.q}
                  </summary>
                  <p className="mt-2 whitespace-pre-line text-muted">{item.a}</p>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </PageShell>
  );
}
