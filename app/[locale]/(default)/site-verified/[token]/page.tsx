import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';
import { parseVerification } from '@/lib/traffic/guards';
import { VERIFICATION_META_NAME, verificationFromToken } from '@/lib/traffic/verification-meta';
import { HomeContent } from '../../_home/home-content';

/**
 * The home page of a mirror with a search-engine verification value, with the meta tag in its HTML.
 * Not a public address: `/{locale}` is served from here when the middleware names a value (see
 * lib/traffic/verification-meta.ts); a direct request gets the 404 page. Rendered on the first request
 * per value, then served from the cache like the static pages.
 */
type Params = LocaleParams<{ token: string }>;

export function generateStaticParams(): { token: string }[] {
  return [];
}

const homeMetadata = pageMetadata('home');

/** The verification value of the page's token, or the 404 page. */
async function verificationOf(props: Params): Promise<string> {
  const { token } = await props.params;
  const value = parseVerification(verificationFromToken(token));
  if (!value) notFound();
  return value;
}

export async function generateMetadata(props: Params): Promise<Metadata> {
  const verification = await verificationOf(props);
  return { ...(await homeMetadata(props)), other: { [VERIFICATION_META_NAME]: verification } };
}

export default async function VerifiedHomePage(props: Params) {
  await enterPage(props);
  await verificationOf(props);
  return <HomeContent />;
}
