import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import { BareLayout } from './layout/bare-layout';
import { SiteLayout } from './layout/site-layout';
import { notFoundRoute, routeTable, type RouteEntry } from './route-table';

type PageModule = Record<string, ComponentType>;
const pageModules = import.meta.glob<PageModule>('../features/*/*-page.tsx');
/** Pages made of several features, which only the app layer may bring together. */
const composedModules = import.meta.glob<PageModule>('./routes/*-route.tsx');

function lazyPage(entry: RouteEntry) {
  const path = entry.composed ? `./routes/${entry.module}` : `../features/${entry.module}`;
  const load = entry.composed ? composedModules[path] : pageModules[path];
  if (!load) throw new Error(`No page module at ${path}`);
  return lazy(async () => {
    const module = await load();
    const component = module[entry.component];
    if (!component) throw new Error(`${path} does not export ${entry.component}`);
    return { default: component };
  });
}

/** One lazy component per module and export, shared by the routes that show the same page. */
const pageCache = new Map<string, ComponentType>();
function pageFor(entry: RouteEntry): ComponentType {
  const key = `${entry.module}#${entry.component}`;
  let page = pageCache.get(key);
  if (!page) {
    page = lazyPage(entry);
    pageCache.set(key, page);
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
