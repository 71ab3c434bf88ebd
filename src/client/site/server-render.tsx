import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { configureStore } from '@reduxjs/toolkit';
import { StaticRouter } from 'react-router';
import type { PageData } from '@/domain/public-pages';
import { RichTextSanitizer } from '@/client/ui/sanitized-html';
import { rootReducer } from '@/client/app/store';
import { baseApi } from '@/client/api/base-api';
import { pageDataActions } from './page-data';
import { SiteApp } from './site-app';
import type { SiteFrame } from './site-settings';
import { preloadSitePages } from './site-routes';

/**
 * The public site as the server draws it (server/render/site-renderer.ts):
 * the very components the browser runs, with the page's data in a store of
 * its own, rendered to HTML that the browser then takes over with hydrateRoot
 * (main.tsx). The only module of the browser app the server imports.
 * docs/decisions/185-public-pages-as-html.md.
 */

/** Loads the code of every lazy page, once: the renders after it never suspend. */
export const prepareSiteRenderer = (): Promise<void> => preloadSitePages();

export interface SitePageInput {
  /** The address, path and query, as the browser will see it. */
  url: string;
  data: PageData;
  frame: SiteFrame;
  /** The server's rich text sanitiser, with the browser's rules: DOMPurify needs a document. */
  sanitize: (html: string) => string;
}

/**
 * The HTML of #root for one page. The store holds the data layer's middleware
 * alone (RTK Query wants it there; nothing subscribes, since effects do not run
 * on the server), and the answers are put in by the same actions the browser
 * dispatches before it takes over. Emptied afterwards, which also clears the
 * timers that would forget the unused entries a minute later, so that no
 * render outlives its answer.
 */
export function renderSitePage({ url, data, frame, sanitize }: SitePageInput): string {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    devTools: false,
  });
  for (const action of pageDataActions(data.reads)) store.dispatch(action);
  try {
    const html = renderToString(
      <StrictMode>
        <Provider store={store}>
          <RichTextSanitizer value={sanitize}>
            <StaticRouter location={url}>
              <SiteApp frame={frame} notFound={data.status === 404} />
            </StaticRouter>
          </RichTextSanitizer>
        </Provider>
      </StrictMode>,
    );
    // A part that threw is left for the browser to draw ('$!' marks it): a defect to hear of, not a page to keep.
    if (html.includes('<!--$!-->')) throw new Error(`part of the page could not be drawn: ${/data-msg="([^"]*)"/.exec(html)?.[1] ?? ''}`);
    return html;
  } finally {
    store.dispatch(baseApi.util.resetApiState());
  }
}
