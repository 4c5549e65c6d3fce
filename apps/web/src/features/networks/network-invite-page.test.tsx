import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { networkTexts } from '@seguridad/contracts/messages';
import { setSessionToken } from '../../shared/api/session-token';
import { networkQueryKeys } from './api/network-query-keys';
import { NetworkInvitePage } from './network-invite-page';

const code = 'c'.repeat(43);

function renderPage(path: string, inviter?: { name: string; lastname: string }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (inviter) client.setQueryData(networkQueryKeys.invitingUser(code, '1'), { code: 200, user: inviter });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(<NetworkInvitePage />, { wrapper });
}

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});

describe('NetworkInvitePage', () => {
  it("shows the inviting user's name with Aceptar and Rechazar", async () => {
    setSessionToken('a-session-token');
    renderPage(`/network_invite?code=${code}&cmp=1`, { name: 'Inés', lastname: 'Araya' });
    // The first render of a cold worker can be slow when the whole suite runs at once.
    expect(
      await screen.findByText(networkTexts.invitedBy('Inés Araya'), undefined, { timeout: 8_000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: networkTexts.accept })).toBeTruthy();
    expect(screen.getByRole('button', { name: networkTexts.reject })).toBeTruthy();
  }, 15_000);

  it.each([
    ['a made-up company', `/network_invite?code=${code}&cmp=abc`],
    ['a code too short to be one', '/network_invite?code=corto&cmp=1'],
  ])(
    'explains %s clearly with a way back to the start',
    async (_name, path) => {
      setSessionToken('a-session-token');
      renderPage(path);
      const alert = await screen.findByRole('alert', undefined, { timeout: 8_000 });
      expect(alert.textContent).toContain(networkTexts.invitationInvalid);
      expect(screen.getByRole('link', { name: networkTexts.backToStart })).toBeTruthy();
      expect(screen.queryByRole('button', { name: networkTexts.accept })).toBeNull();
    },
    15_000,
  );
});
