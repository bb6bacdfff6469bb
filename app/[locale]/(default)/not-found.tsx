import { NotFoundScreen } from '../_components/not-found-screen';

/** A route whose parameter fails its validate rule: 404 'Page Not Found' (spec section 2). */
export default function InvalidRouteNotFound() {
  return <NotFoundScreen withPath={false} />;
}
