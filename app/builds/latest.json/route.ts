import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { NextResponse } from 'next/server';

export const dynamic = 'force-dynamic';

let buildId: string | null = null;

/** The id of the build this server runs: Next's BUILD_ID file (read once), `development` under next dev. */
function currentBuildId(): string {
  if (buildId) return buildId;
  try {
    buildId = readFileSync(
      join(process.cwd(), process.env.NEXT_DIST_DIR || '.next', 'BUILD_ID'),
      'utf8',
    ).trim();
  } catch {
    buildId = 'development';
  }
  return buildId || 'development';
}

/**
 * `GET /builds/latest.json` (spec sections 4 and 7): `{ id }`, the build id the pages poll (lib/pwa/build-check.ts);
 * a page that sees another id than the first it saw knows a new version is out. Never cached.
 */
export function GET() {
  return NextResponse.json({ id: currentBuildId() }, { headers: { 'Cache-Control': 'no-store' } });
}
