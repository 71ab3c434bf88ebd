// First, so that the shared base precedes every component's own styles in the cascade.
import './site-layout.css';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import { useStartAtTop } from './use-start-at-top';

/** The frame of every public page: skip link, top bar, header, the page, footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  useStartAtTop(pathname);

  return (
    <div className="site">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <TopBar />
      <SiteHeader />
      <main id="contenido" className="site-main" tabIndex={-1}>
        {/* While a page's code arrives (tens of milliseconds), a thin bar; the page then shows its own 'Cargando...'. */}
        <Suspense fallback={<div className="route-loading" aria-hidden="true" />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
