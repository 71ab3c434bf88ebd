// The design tokens, first: every stylesheet of the app reads them.
import '@/client/ui/tokens.css';
import '@/client/ui/visually-hidden.css';
import { BrowserRouter } from 'react-router';
import { PREVIEW_SEGMENT } from '@/domain/preview-links';
import { boot } from '@/client/app/boot';
import { pageDataActions, readPageData } from '@/client/site/page-data';
import { readSiteFrame } from '@/client/site/site-settings';
import { SiteApp } from '@/client/site/site-app';
import { preloadPageAt } from '@/client/site/site-routes';

// The public site (index.html). The admin panel is another entry, admin-main.tsx
// (admin.html): moving between the two is a full page load (docs/decisions/).
// The server drew the page (server-render.tsx); the app takes it over with the same
// frame and data, once the page's own code has arrived, so that its first render is
// the server's (docs/decisions/185-public-pages-as-html.md).
const data = readPageData();
const frame = readSiteFrame();
// What another window feeds (a preview's frame, fed by the page that embeds it; the unsaved preview, fed by
// the admin tab that opened it) the server cannot draw: those start afresh.
const fedByAnotherWindow = window.parent !== window || window.location.pathname.replace(/\/$/, '') === `/${PREVIEW_SEGMENT}`;

boot(
  () => (
    <BrowserRouter>
      <SiteApp frame={frame} notFound={data?.status === 404} />
    </BrowserRouter>
  ),
  (store) => {
    for (const action of pageDataActions(data?.reads ?? [])) store.dispatch(action);
    return preloadPageAt(window.location.pathname);
  },
  { hydrate: !fedByAnotherWindow },
);
