import { Suspense } from 'react';
import { matchRoutes, useParams, type RouteObject } from 'react-router';
import { publicSections } from '@/domain/catalogue';
import { SEARCH_SEGMENT } from '@/domain/site-search';
import { PREVIEW_SEGMENT } from '@/domain/preview-links';
import { paths } from '@/client/app/paths';
import { useAddedSectionLinks } from './site-settings';
import { SiteLayout } from './site-layout';
import { homeParts, HomePage, LatestNews, NextEvent } from './home-page';
import { NotFoundPage } from './not-found-page';
import { isRecord } from '@/domain/guards';
import { isPreloadable, lazyPage } from './lazy-page';

// The home page is in the main bundle; the other pages load when visited, so
// the first visit downloads only what the home page needs (docs/performance.md).
const SectionListPage = lazyPage(() => import(/* webpackChunkName: "site-list" */ './section-list-page').then((m) => m.SectionListPage));
const PublicationDetailPage = lazyPage(() =>
  import(/* webpackChunkName: "site-detail" */ './publication-detail-page').then((m) => m.PublicationDetailPage),
);
const SearchPage = lazyPage(() => import(/* webpackChunkName: "site-search" */ './search-page').then((m) => m.SearchPage));
// 'Vista previa' (docs/decisions/172): the banner, the width switch, the frame and the page they show, with routes of their own.
const PreviewPage = lazyPage(() => import(/* webpackChunkName: "site-preview" */ './preview/preview-page').then((m) => m.PreviewPage));
const FacultyPage = lazyPage(() => import(/* webpackChunkName: "site-faculty" */ './faculty-page').then((m) => m.FacultyPage));

/** /{slug} of a visible section an administrator added (the page carries the list, site-settings.ts); else the 404 page. */
function AddedSectionPage() {
  const { sectionSlug } = useParams();
  const section = useAddedSectionLinks().find((candidate) => candidate.slug === sectionSlug);
  return section ? <SectionListPage key={section.slug} section={section} /> : <NotFoundPage />;
}

/**
 * The public website's routes (requirements §2). Elements only (no loaders), so they
 * work in any router; unknown addresses, /giese included, get the 404 page.
 */
export const siteRoutes: RouteObject[] = [
  // /vista-previa (the admin tab's unsaved state) and /vista-previa/{token} (a private link): never in the sitemap.
  {
    path: `/${PREVIEW_SEGMENT}/*`,
    handle: { page: PreviewPage },
    element: (
      <Suspense>
        <PreviewPage />
      </Suspense>
    ),
  },
  {
    path: paths.home.path,
    element: <SiteLayout />,
    children: [
      // The next event's and the latest news' code (site-list) is fetched before the take-over too: a card clicked early is then the
      // app's, not a page load.
      { index: true, handle: { page: homeParts }, element: <HomePage /> },
      { path: paths.faculty.path, handle: { page: FacultyPage }, element: <FacultyPage /> },
      // Keyed by section: react-router keeps the element of one route for the next at the same place, and a
      // list kept from one section to another would show the last section's cards until the new ones arrive
      // (its query keeps its last answer while it asks: right for another page of the same list).
      ...publicSections.map((section) => ({
        path: paths.sectionList.path(section.slug),
        handle: { page: SectionListPage },
        element: <SectionListPage key={section.slug} section={section} />,
      })),
      { path: SEARCH_SEGMENT, handle: { page: SearchPage }, element: <SearchPage /> },
      { path: paths.publication.path, handle: { page: PublicationDetailPage }, element: <PublicationDetailPage /> },
      // One segment that is none of the above: a section an administrator added, or the 404 page.
      {
        path: paths.sectionList.path(':sectionSlug'),
        handle: { page: SectionListPage },
        element: <AddedSectionPage />,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Fetches the code of the lazy page at `pathname`, if it has one: the site's
 * first render waits for it (main.tsx), so it draws the whole page at once.
 * The server's HTML has named the same files (`<link rel=preload>`), so they
 * are usually on their way already.
 */
export function preloadPageAt(pathname: string): Promise<void> {
  const handle: unknown = matchRoutes(siteRoutes, pathname)?.at(-1)?.route.handle;
  const page = isRecord(handle) ? handle.page : undefined;
  return isPreloadable(page) ? Promise.resolve(page.preload()).then(() => undefined) : Promise.resolve();
}

/** Fetches the code of every lazy part of the site: the server does it once, then draws any page in one pass. */
export async function preloadSitePages(): Promise<void> {
  await Promise.all(
    [SectionListPage, PublicationDetailPage, SearchPage, PreviewPage, FacultyPage, LatestNews, NextEvent].map((page) => page.preload()),
  );
}
