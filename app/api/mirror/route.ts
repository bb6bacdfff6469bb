import { middlewareApiBase, visitedUrl } from '@/lib/traffic/middleware-api';

/**
 * `GET /api/mirror` on the site's own host (spec section 7): the mirror data of the domain the visitor
 * is on, read from the API server (`POST /middleware/mirror { domain }`). Never cached: an operator's
 * change shows on the next load.
 */
export async function GET(request: Request): Promise<Response> {
  const visited = visitedUrl(request.url, request.headers);
  try {
    const response = await fetch(`${middlewareApiBase(visited)}/middleware/mirror`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ domain: visited.hostname }),
      signal: AbortSignal.timeout(3_000),
      cache: 'no-store',
    });
    const body = await response.text();
    return new Response(body, {
      status: response.status,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  } catch (error) {
    console.error('mirror data proxy failed', error);
    return Response.json(
      { message: 'Bad Gateway' },
      { status: 502, headers: { 'Cache-Control': 'no-store' } },
    );
  }
}
