import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { AppRoutes } from '@/client/app/router';
import { SiteFrameProvider, type SiteFrame } from './site-settings';
import { SiteLayout } from './site-layout';
import { NotFoundPage } from './not-found-page';

/** Whether the server answered the address the site was loaded at with its 404 page (PageData status). */
const ServedNotFound = createContext(false);

/**
 * The address the page was loaded at draws the site's 404 page when the server
 * said so (a publication that is not public, a page past a list's last), as the
 * server drew it; any other address, its route. The first entry of the
 * history is the loaded one (react-router's key 'default', on both sides).
 */
function SiteRoutes() {
  const { key } = useLocation();
  if (useContext(ServedNotFound) && key === 'default') {
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
