import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { newVersionTexts } from '@seguridad/contracts/messages/new-version';

/** What the browser says when a chunk of the previous build is gone from the server. */
const staleChunk = () =>
  new TypeError(
    'Failed to fetch dynamically imported module: http://localhost/assets/video-mail-panel-OLD1.js',
  );

/**
 * A fresh page: the modules as a reload would load them again (sessionStorage, like the browser's,
 * survives), with the reload itself watched.
 */
async function openPage() {
  vi.resetModules();
  const { ContactDrawer } = await import('./contact-drawer');
  const { ChunkErrorBoundary } = await import('../../shared/new-version/new-version-notice');
  const { browserPage } = await import('../../shared/new-version/reload-for-new-version');
  const reload = vi.spyOn(browserPage, 'reload').mockImplementation(() => undefined);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  /** A lazy part of the page whose chunk the server no longer has. */
  const MissingChunk = lazy(() => Promise.reject(staleChunk()));
  return {
    reload,
    renderDrawer: () => render(<ContactDrawer />, { wrapper }),
    loadMissingChunk: () =>
      render(
        <ChunkErrorBoundary>
          <Suspense fallback={null}>
            <MissingChunk />
          </Suspense>
        </ChunkErrorBoundary>,
        { wrapper },
      ),
  };
}

beforeEach(() => window.sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a chunk that no longer loads after a deploy (decision 055)', () => {
  it('reloads once, and the contact form comes back as it was typed', async () => {
    const before = await openPage();
    before.renderDrawer();
    fireEvent.click(screen.getByRole('button', { name: /Contacto/ }));
    fireEvent.change(await screen.findByLabelText('Nombre'), { target: { value: 'Rosa Pérez' } });
    fireEvent.change(screen.getByLabelText('Mensaje'), { target: { value: 'Hay un poste caído.' } });

    // React reports the caught error on the console; it is the expected one.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    before.loadMissingChunk();
    await vi.waitFor(() => expect(before.reload).toHaveBeenCalledTimes(1));
    // Nothing blank while the page reloads.
    expect(document.querySelector('[aria-busy="true"]')).not.toBeNull();
    cleanup();

    const after = await openPage();
    after.renderDrawer();
    // The drawer opens again on the form, with what was typed.
    expect(((await screen.findByLabelText('Nombre')) as HTMLInputElement).value).toBe('Rosa Pérez');
    expect((screen.getByLabelText('Mensaje') as HTMLTextAreaElement).value).toBe('Hay un poste caído.');

    // The reloaded page fails again: no second reload, the message with a button instead.
    after.loadMissingChunk();
    expect(await screen.findByText(newVersionTexts.title)).toBeTruthy();
    expect(screen.getByRole('button', { name: newVersionTexts.reload })).toBeTruthy();
    expect(after.reload).not.toHaveBeenCalled();
  });

  it('leaves other errors to the boundary above', async () => {
    const page = await openPage();
    const { ChunkErrorBoundary } = await import('../../shared/new-version/new-version-notice');
    const Broken = () => {
      throw new Error('otra falla');
    };
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() =>
      render(
        <ChunkErrorBoundary>
          <Broken />
        </ChunkErrorBoundary>,
      ),
    ).toThrow('otra falla');
    expect(page.reload).not.toHaveBeenCalled();
  });
});
