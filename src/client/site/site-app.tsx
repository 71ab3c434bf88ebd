import { AppRoutes } from '@/client/app/router';
import { SiteFrameProvider, type SiteFrame } from './site-settings';
import { ServedNotFound } from './served-status';

/**
 * The public site inside a router: the browser's (main.tsx, which takes over
 * the server's HTML) or the server's (server-render.tsx, which writes it), so
 * that both draw the same page from the same frame and data. When the server
 * answered 404, each page draws its own not-found state at once
 * (useServedNotFound): the site's 404 page, 'No se encontró la publicación',
 * a list's 'Esta página … no existe.', a dead preview link's 404 page.
 */
export function SiteApp({ frame, notFound }: { frame: SiteFrame; notFound: boolean }) {
  return (
    <SiteFrameProvider value={frame}>
      <ServedNotFound.Provider value={notFound}>
        <AppRoutes />
      </ServedNotFound.Provider>
    </SiteFrameProvider>
  );
}
