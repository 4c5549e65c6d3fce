import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { ChunkErrorBoundary } from '../shared/new-version/new-version-notice';
import { BareLayout } from './layout/bare-layout';
import { SiteLayout } from './layout/site-layout';
import { notFoundRoute, routeTable, type RouteEntry } from './route-table';

/** One lazy component per loader, shared by the routes that show the same page. */
const pageCache = new Map<RouteEntry['load'], ComponentType>();

/**
 * Loads the page of an address before the app's first render, so that render shows the page
 * itself and not a loading placeholder that the page then pushes down (a layout shift).
 */
export async function preloadPageOf(pathname: string): Promise<void> {
  const entry =
    routeTable.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname)) ?? notFoundRoute;
  if (pageCache.has(entry.load)) return;
  const component = await entry.load();
  if (!pageCache.has(entry.load)) pageCache.set(entry.load, component);
}

function pageFor(entry: RouteEntry): ComponentType {
  let page = pageCache.get(entry.load);
  if (!page) {
    page = lazy(() => entry.load().then((component) => ({ default: component })));
    pageCache.set(entry.load, page);
  }
  return page;
}

function element(entry: RouteEntry) {
  const Page = pageFor(entry);
  return (
    <ChunkErrorBoundary>
      <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
        <Page />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

export function AppRoutes() {
  const siteRoutes = routeTable.filter((entry) => entry.layout === 'site');
  const bareRoutes = routeTable.filter((entry) => entry.layout === 'bare');
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        {siteRoutes.map((entry) => (
          <Route key={entry.path} path={entry.path} element={element(entry)} />
        ))}
        <Route path="*" element={element(notFoundRoute)} />
      </Route>
      <Route element={<BareLayout />}>
        {bareRoutes.map((entry) => (
          <Route key={entry.path} path={entry.path} element={element(entry)} />
        ))}
      </Route>
    </Routes>
  );
}
