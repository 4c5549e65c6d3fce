import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { BareLayout } from './layout/bare-layout';
import { SiteLayout } from './layout/site-layout';
import { notFoundRoute, routeTable, type RouteEntry } from './route-table';

/** One lazy component per loader, shared by the routes that show the same page. */
const pageCache = new Map<RouteEntry['load'], ComponentType>();
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
    <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
      <Page />
    </Suspense>
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
