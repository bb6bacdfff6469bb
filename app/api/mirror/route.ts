import { middlewareApiBase, NO_API_ADDRESS_MESSAGE, visitedUrl } from '@/lib/traffic/middleware-api';

const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * `GET /api/mirror` on the site's own host (spec section 7): the mirror data of the domain the visitor
 * is on, read from the API server (`POST /middleware/mirror { domain }`). Never cached: an operator's
 * change shows on the next load. The visitor's host is only the `domain` sent as data; the API called
 * is the configured one (`API_INTERNAL_URL`, else `NEXT_PUBLIC_API_URL`), never one named by the
 * request's headers. Without one it answers 503.
 */
export async function GET(request: Request): Promise<Response> {
  const apiBase = middlewareApiBase();
  if (!apiBase) {
    console.error(NO_API_ADDRESS_MESSAGE);
    return Response.json({ message: 'Service Unavailable' }, { status: 503, headers: NO_STORE });
  }
  const visited = visitedUrl(request.url, request.headers);
  try {
    const response = await fetch(`${apiBase}/middleware/mirror`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ domain: visited.hostname }),
      signal: AbortSignal.timeout(3_000),
      cache: 'no-store',
      // The answer is passed on as it is: a redirect of the API is not followed to another server.
      redirect: 'manual',
    });
    const body = await response.text();
    return new Response(body, {
      status: response.status,
      headers: { 'Content-Type': 'application/json', ...NO_STORE },
    });
  } catch (error) {
    console.error('mirror data proxy failed', error);
    return Response.json({ message: 'Bad Gateway' }, { status: 502, headers: NO_STORE });
  }
}
