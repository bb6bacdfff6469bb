import { NotFoundScreen } from '../../_components/not-found-screen';

export default function MissingPageNotFound() {
  return <NotFoundScreen withPath />;
}
