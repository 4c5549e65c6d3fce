import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { WidgetRoute } from './app/routes/widget-route';
import { AppProviders } from './app/providers';
import { NewVersionNotice } from './shared/new-version/new-version-notice';
import './shared/styles/global.css';

/*
 * The `/widget` page that `widget.js` frames on other sites, as an entry of its own: the frame
 * needs no router, no site layout and no route table, only the drawer's bridge to the host page
 * (decision 019). The same route stays in the app's route table for the dev server.
 */
const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <WidgetRoute />
      <NewVersionNotice />
    </AppProviders>
  </StrictMode>,
);
