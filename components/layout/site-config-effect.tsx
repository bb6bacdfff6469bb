'use client';

import { useQuery } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useEffect } from 'react';
import { mirrorQueryOptions } from '@/lib/api/mirror';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { useSettingsStore } from '@/lib/stores/settings-store';
import { GEO_COOKIE, parseGeoCookie } from '@/lib/traffic/geo-cookie';
import { VERIFICATION_META_NAME } from '@/lib/traffic/verification-meta';

/**
 * Applies the site configuration once it loads (spec section 3): the settings store's revshareUrl and
 * tgChannelUrl (null until then), the search-engine verification meta tag of this mirror, and the geo
 * region the middleware's check left in a cookie (sent as the Region header). Renders nothing; a failed
 * load changes nothing (it is logged by the mirror call).
 */
export function SiteConfigEffect() {
  const { data: mirror } = useQuery(mirrorQueryOptions());

  useEffect(() => {
    const geo = parseGeoCookie(Cookies.get(GEO_COOKIE));
    if (geo) useLocaleStore.getState().setRegion(geo.region);
  }, []);

  useEffect(() => {
    if (!mirror) return;
    useSettingsStore.getState().setSettings({
      revshareUrl: mirror.revshare_service_frontend_url ?? null,
      tgChannelUrl: mirror.telegram_channel_url ?? null,
    });
    if (!mirror.verification) return;
    let meta = document.head.querySelector<HTMLMetaElement>(`meta[name="${VERIFICATION_META_NAME}"]`);
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = VERIFICATION_META_NAME;
      document.head.appendChild(meta);
    }
    meta.content = mirror.verification;
  }, [mirror]);

  return null;
}
