import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';

interface PolicyText {
  title: string;
  updated: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}

/** One policy document, in the interface language, with a table of contents. */
export async function PolicyDocument({
  doc,
  path,
}: {
  doc: 'kyc' | 'userAgreement' | 'confidential';
  path: string;
}) {
  const t = await getTranslations('policy');
  const text = t.raw(doc as never) as PolicyText;
  return (
    <PageShell path={path} title={text.title} description={text.updated}>
      <article className="space-y-6 leading-relaxed">
        <p>{text.intro}</p>
        <nav aria-labelledby="policy-contents" className="rounded-xl border border-line bg-panel p-4">
          <h2 id="policy-contents" className="mb-2 font-semibold">
            {t('contents')}
          </h2>
          <ol className="list-decimal space-y-1 pl-5 text-muted">
            {text.sections.map((section, i) => (
              <li key={section.heading}>
                <a href={`#section-${i + 1}`} className="hover:text-gold">
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        {text.sections.map((section, i) => (
          <section key={section.heading} id={`section-${i + 1}`} className="scroll-mt-24">
            <h2 className="mb-2 text-xl font-bold">
              {i + 1}. {section.heading}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph} className="mt-2 text-white/90">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </article>
    </PageShell>
  );
}
