import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app/app-routes';
import { AppProviders } from './app/providers';
import './shared/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

const app = (
  <StrictMode>
    <AppProviders>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  </StrictMode>
);

// Prerendered pages are already readable: let the browser paint them first, then hydrate (on a
// slow phone hydration takes a few hundred milliseconds that should not delay the first paint).
// The app shell of client-only routes has nothing to show, so it renders at once.
if (container.firstElementChild) {
  requestAnimationFrame(() => setTimeout(() => hydrateRoot(container, app), 0));
} else {
  createRoot(container).render(app);
}
