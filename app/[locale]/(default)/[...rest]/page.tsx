import { notFound } from 'next/navigation';

/** Any path that no page matches: a 404 whose message names the path (spec section 2). */
export default function MissingPage() {
  notFound();
}
