import { useEffect } from 'react';
import { matchPath, useLocation } from 'react-router';
import { notFoundRoute, routeTable } from '../route-table';

/** Keeps the document title and description in step with client-side navigation. */
export function PageMeta() {
  const { pathname } = useLocation();
  useEffect(() => {
    const entry = routeTable.find((route) => matchPath(route.path, pathname)) ?? notFoundRoute;
    document.title = entry.title;
    document.querySelector('meta[name="description"]')?.setAttribute('content', entry.description);
  }, [pathname]);
  return null;
}
