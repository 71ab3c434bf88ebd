import { Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { messages } from '@/domain/messages';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { StatusMessage } from './status-message';
import { TopBar } from './top-bar';
import './site.css';

/** The frame of every public page: skip link, top bar, header, the page, footer. */
export function SiteLayout() {
  const { pathname } = useLocation();
  // A new page starts at its top.
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);

  return (
    <div className="site">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <TopBar />
      <SiteHeader />
      <main id="contenido" className="site-main" tabIndex={-1}>
        <Suspense
          fallback={
            <div className="container page-body">
              <StatusMessage kind="loading">{messages.loading}</StatusMessage>
            </div>
          }
        >
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
