import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { networkTexts, pageTexts, settingsTexts, wheelTexts } from '@seguridad/contracts/messages';
import {
  servedWebPaths,
  sessionRequiredPaths,
  settingsSectionPaths,
  webPaths,
} from '@seguridad/contracts/web-paths';
import { setSessionToken } from '../shared/api/session-token';
import { AppRoutes } from './app-routes';
import { AppProviders } from './providers';
import { notFoundRoute, placeholderPaths, routeTable } from './route-table';

const featureModules = import.meta.glob<Record<string, unknown>>('../features/*/*-page.tsx');

class CatchErrors extends Component<{ children: ReactNode; onError: (error: unknown) => void }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error);
  }
  override render() {
    return this.state.failed ? <p>page failed</p> : this.props.children;
  }
}

function CurrentPath() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="current-path">{pathname}</output>
      <output data-testid="current-search">{search}</output>
    </>
  );
}

function renderApp(path: string) {
  const errors: unknown[] = [];
  render(
    <CatchErrors onError={(error) => errors.push(error)}>
      <AppProviders>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </AppProviders>
    </CatchErrors>,
  );
  return errors;
}

/** The lazy page has loaded and drawn something in the main region. */
async function waitForPage() {
  await waitFor(
    () => {
      expect(document.querySelector('.page-loading')).toBeNull();
      expect(document.querySelector('main')?.childElementCount).toBeGreaterThan(0);
    },
    { timeout: 5_000 },
  );
}

beforeAll(() => {
  window.scrollTo = () => {};
  // jsdom has neither; the landing page's reveal effects and the header ask for them.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.IntersectionObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
    root = null;
    rootMargin = '';
    thresholds = [];
  } as unknown as typeof IntersectionObserver;
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('route table', () => {
  it('serves exactly the paths a page serves today', () => {
    expect(routeTable.map((entry) => entry.path).sort()).toEqual([...servedWebPaths].sort());
  });

  // It imports every page module of the app, each transformed for the first time: its time grows
  // with the app, not with anything a visitor waits for.
  it('names, for the prerender, the module each page is loaded from', { timeout: 60_000 }, async () => {
    for (const entry of [...routeTable, notFoundRoute]) {
      if (!entry.module) {
        expect(entry.prerender).toBe(false);
        continue;
      }
      const load = featureModules[`../features/${entry.module}`];
      expect(load, entry.module).toBeDefined();
      const module = await load!();
      expect(Object.values(module)).toContain(await entry.load());
    }
  });

  const pagePaths = routeTable
    .map((entry) => entry.path)
    .filter((path) => !(sessionRequiredPaths as readonly string[]).includes(path));

  it.each(pagePaths)('renders %s without falling to the not-found page', async (path) => {
    const errors = renderApp(path);
    await waitForPage();
    expect(errors).toEqual([]);
    expect(screen.queryByText('page failed')).toBeNull();
    expect(screen.queryByRole('heading', { name: pageTexts.notFoundTitle })).toBeNull();
  });

  it('renders the not-found page for a path no page serves', async () => {
    renderApp('/registrate/otra-cosa');
    expect(await screen.findByRole('heading', { name: pageTexts.notFoundTitle })).toBeDefined();
  });

  it.each(sessionRequiredPaths)('sends a visitor without a session from %s to log in first', async (path) => {
    const errors = renderApp(`${path}?plan=1`);
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe(webPaths.login));
    const search = new URLSearchParams(screen.getByTestId('current-search').textContent ?? '');
    expect(search.get('redirect_to')).toBe(`${path}?plan=1`);
    await waitForPage();
    expect(errors).toEqual([]);
    expect(screen.queryByRole('heading', { name: pageTexts.notFoundTitle })).toBeNull();
  });

  it.each(placeholderPaths)('shows the not-found page on %s to a signed-in user for now', async (path) => {
    setSessionToken('a-session-token');
    renderApp(path);
    expect(await screen.findByRole('heading', { name: pageTexts.notFoundTitle })).toBeDefined();
    expect(screen.getByTestId('current-path').textContent).toBe(path);
  });

  it('opens the prize wheel on /wheel for a signed-in user', async () => {
    setSessionToken('a-session-token');
    renderApp(webPaths.wheel);
    expect(await screen.findByRole('heading', { level: 1, name: wheelTexts.title })).toBeDefined();
    expect(screen.getByTestId('current-path').textContent).toBe(webPaths.wheel);
  });

  it.each([
    [webPaths.settings, settingsTexts.accountTitle],
    [settingsSectionPaths.account, settingsTexts.accountTitle],
    [settingsSectionPaths.devices, settingsTexts.devicesTitle],
    [settingsSectionPaths.networks, settingsTexts.networksTitle],
    [settingsSectionPaths.security, settingsTexts.securityTitle],
    [settingsSectionPaths.twoFactor, settingsTexts.twoFactorTitle],
    [settingsSectionPaths.myData, settingsTexts.myDataTitle],
  ])('opens %s on its settings section for a signed-in user', async (path, title) => {
    setSessionToken('a-session-token');
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeDefined();
    expect(screen.getByRole('navigation', { name: 'Secciones de la configuración' })).toBeDefined();
    expect(screen.getByTestId('current-path').textContent).toBe(path);
  });

  it('shows a signed-in user the invitation page, which explains a link without its code', async () => {
    setSessionToken('a-session-token');
    const errors = renderApp(webPaths.networkInvite);
    expect(
      await screen.findByRole('heading', { level: 1, name: networkTexts.invitePageTitle }),
    ).toBeDefined();
    expect(screen.getByRole('alert').textContent).toContain(networkTexts.invitationInvalid);
    expect(screen.getByRole('link', { name: networkTexts.backToStart }).getAttribute('href')).toBe(
      webPaths.home,
    );
    expect(errors).toEqual([]);
  });
});
