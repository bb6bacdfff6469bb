import { PolicyDocument } from '@/app/[locale]/_components/policy-document';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('policyUserAgreement');

export default async function Page(props: LocaleParams) {
  await enterPage(props);
  return <PolicyDocument doc="userAgreement" path={ROUTES.policyUserAgreementRu} />;
}
