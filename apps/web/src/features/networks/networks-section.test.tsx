import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MyNetworkResponse } from '@seguridad/contracts/http/networks';
import {
  accountTexts,
  networkTexts,
  settingsTexts,
  sharedUiTexts,
  validationMessages,
} from '@seguridad/contracts/messages';
import { networkQueryKeys } from './api/network-query-keys';
import { NetworksSection } from './networks-section';

function guest(id: number, status: 1 | 2 | 3, name: string | null) {
  return {
    id,
    status,
    guest: {
      email: `persona${id}@example.com`,
      profile: name ? { name, lastname: 'Rojas' } : null,
    },
  };
}

const sampleNetwork: MyNetworkResponse = {
  code: 200,
  my_network: [guest(1, 2, 'Ana'), guest(2, 1, null), guest(3, 3, 'Luis')],
  external_networks: [
    { id: 10, status: 1, owner: { email: 'olga@example.com', profile: { name: 'Olga', lastname: 'Dueña' } } },
    {
      id: 11,
      status: 2,
      owner: { email: 'pablo@example.com', profile: { name: 'Pablo', lastname: 'Soto' } },
    },
  ],
  email_verified: true,
};

/** The section with its network already in the cache (what the server answered), so nothing is fetched. */
function renderSection(network: MyNetworkResponse = sampleNetwork) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(networkQueryKeys.myNetwork(), network);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/configuracion/redes']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(<NetworksSection />, { wrapper });
}

function openTab(name: RegExp) {
  fireEvent.mouseDown(screen.getByRole('tab', { name }));
}

afterEach(cleanup);

describe('NetworksSection', { timeout: 15_000 }, () => {
  it('shows Mi Red with the spec columns, each state as a word, and the places used', () => {
    renderSection();
    expect(screen.getByRole('heading', { level: 2, name: settingsTexts.networksTitle })).toBeTruthy();
    const table = screen.getByRole('table', { name: networkTexts.myNetwork });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([networkTexts.guestColumn, networkTexts.emailColumn, networkTexts.actionsColumn]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ana RojasConfirmada',
      `${networkTexts.pendingAccount}Pendiente`,
      'Luis RojasRechazada',
    ]);
    // Rejected invitations hold no place.
    expect(screen.getByText(networkTexts.placesUsed(2, 5))).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar a Ana Rojas' })).toBeTruthy();
  });

  it('pages through more than 5 rows', () => {
    renderSection({
      code: 200,
      my_network: Array.from({ length: 7 }, (_, index) => guest(index + 1, 1, `Persona${index + 1}`)),
      external_networks: [],
      email_verified: true,
    });
    const table = () => screen.getByRole('table', { name: networkTexts.myNetwork });
    expect(within(table()).getAllByRole('row')).toHaveLength(6);
    expect(screen.getByText(sharedUiTexts.pageOf(1, 2))).toBeTruthy();
    expect(screen.getByRole('button', { name: sharedUiTexts.previousPage }).hasAttribute('disabled')).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: sharedUiTexts.nextPage }));
    expect(within(table()).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText(sharedUiTexts.pageOf(2, 2))).toBeTruthy();
    expect(within(table()).getByText('persona7@example.com')).toBeTruthy();
  });

  it('offers a new verification link while the e-mail is unproven', () => {
    renderSection({ code: 200, my_network: [], external_networks: [], email_verified: false });
    expect(screen.getByText(accountTexts.emailUnverified)).toBeTruthy();
    expect(screen.getByRole('button', { name: accountTexts.resendVerificationLink })).toBeTruthy();
  });

  it('says so when nobody is in either list', () => {
    renderSection({ code: 200, my_network: [], external_networks: [], email_verified: true });
    expect(screen.getByText(networkTexts.myNetworkEmpty)).toBeTruthy();
    openTab(/Redes Externas/);
    expect(screen.getByText(networkTexts.externalNetworksEmpty)).toBeTruthy();
  });

  it('opens Enviar Invitación: a bad e-mail reads "Formato incorrecto" and keeps Enviar disabled', async () => {
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: networkTexts.add }));
    const dialog = screen.getByRole('dialog', { name: networkTexts.inviteDialogTitle });
    const field = within(dialog).getByLabelText(networkTexts.inviteEmailLabel);
    const send = within(dialog).getByRole('button', { name: networkTexts.send });
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: 'rosa@example' } });
    fireEvent.blur(field);
    expect(await within(dialog).findByText(validationMessages.invitationEmailInvalid)).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.change(field, { target: { value: 'rosa@example.com' } });
    await waitFor(() => expect(send.hasAttribute('disabled')).toBe(false));
    expect(within(dialog).queryByText(validationMessages.invitationEmailInvalid)).toBeNull();

    fireEvent.click(within(dialog).getByRole('button', { name: networkTexts.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before removing someone, worded as removing that person or cancelling the invitation', async () => {
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar a Ana Rojas' }));
    let dialog = screen.getByRole('dialog', { name: networkTexts.leaveDialogTitle });
    expect(dialog.textContent).toContain(networkTexts.removeFromMyNetwork('Ana Rojas'));
    expect(within(dialog).getByRole('button', { name: networkTexts.removeConfirm })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: networkTexts.keep }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Eliminar a persona2@example.com' }));
    dialog = screen.getByRole('dialog', { name: networkTexts.leaveDialogTitle });
    expect(dialog.textContent).toContain(networkTexts.cancelInvitation('persona2@example.com'));
  });

  it('offers Confirmar and Rechazar on pending Redes Externas rows, and delete on the others', () => {
    renderSection();
    openTab(/Redes Externas/);
    expect(screen.getByRole('tab', { name: /Redes Externas/ }).textContent).toContain('1 pendiente');
    const table = screen.getByRole('table', { name: networkTexts.externalNetworks });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual([networkTexts.ownerColumn, networkTexts.emailColumn, networkTexts.actionsColumn]);
    const [pending, confirmed] = within(table).getAllByRole('row').slice(1);
    expect(
      within(pending!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([networkTexts.confirm, networkTexts.reject]);
    expect(
      within(confirmed!)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual([networkTexts.leaveNetworkLabel('Pablo Soto')]);

    fireEvent.click(within(pending!).getByRole('button', { name: networkTexts.rejectLabel('Olga Dueña') }));
    const dialog = screen.getByRole('dialog', { name: networkTexts.rejectDialogTitle });
    expect(dialog.textContent).toContain(networkTexts.rejectInvitation('Olga Dueña'));
  });
});
