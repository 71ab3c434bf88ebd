import { matchPath, useLocation } from 'react-router';
import { AppRoutes } from '@/client/app/router';
import { paths } from '@/client/app/paths';
import { PREVIEW_SEGMENT } from '@/domain/preview-links';
import { SiteFrameProvider, type SiteFrame } from './site-settings';
import { SiteLayout } from './site-layout';
import { NotFoundPage } from './not-found-page';
import { ServedNotFound, useServedNotFound } from './served-status';

/**
 * The address the page was loaded at draws the site's 404 page when the server
 * said so (a page past a list's last, a section that is hidden, a dead preview
 * link), as the server drew it; a publication's address draws its own page, which says 'No se
 * encontró la publicación' (requirements §8); any other address, its route.
 */
function SiteRoutes() {
  const { pathname } = useLocation();
  const servedNotFound = useServedNotFound();
  const publication = matchPath(`/${paths.publication.path}`, pathname);
  if (servedNotFound && (!publication || publication.params.sectionSlug === PREVIEW_SEGMENT)) {
    return (
      <SiteLayout>
        <NotFoundPage />
      </SiteLayout>
    );
  }
  return <AppRoutes />;
}

/**
 * The public site inside a router: the browser's (main.tsx, which takes over
 * the server's HTML) or the server's (server-render.tsx, which writes it), so
 * that both draw the same page from the same frame and data.
 */
export function SiteApp({ frame, notFound }: { frame: SiteFrame; notFound: boolean }) {
  return (
    <SiteFrameProvider value={frame}>
      <ServedNotFound.Provider value={notFound}>
        <SiteRoutes />
      </ServedNotFound.Provider>
    </SiteFrameProvider>
  );
}
