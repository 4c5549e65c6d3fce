import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TeamMember } from '@seguridad/contracts/http/staff';
import { teamTexts, validationMessages } from '@seguridad/contracts/messages';
import { TeamInviteForm } from './team-invite-form';
import { TeamMembers } from './team-members';

const specialities = [
  { id: 1, name: 'General' },
  { id: 2, name: 'Violencia intrafamiliar' },
];

const members: TeamMember[] = [
  {
    user_id: 1,
    name: 'Ana Admin',
    email: 'ana@example.com',
    role: 'admin',
    speciality_ids: [],
    last_sign_in_at: '2026-11-27T12:00:00.000Z',
    two_step: true,
    active: true,
  },
  {
    user_id: 2,
    name: 'Oscar Operador',
    email: 'oscar@example.com',
    role: 'operator',
    speciality_ids: [2],
    last_sign_in_at: null,
    two_step: false,
    active: false,
  },
];

function renderWithClient(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
}

afterEach(cleanup);

describe('the Equipo tab', () => {
  it('lists each member with role, specialities, sign-in, two-step and state; nobody deactivates themselves', () => {
    renderWithClient(
      <TeamMembers members={members} specialities={specialities} ownUserId={1} notify={() => {}} />,
    );
    const ana = screen.getByRole('listitem', { name: 'Ana Admin' });
    expect(within(ana).getByText(`Ana Admin ${teamTexts.you}`)).toBeDefined();
    expect(within(ana).getByText('Administrador')).toBeDefined();
    expect(within(ana).getByText(teamTexts.allSpecialities)).toBeDefined();
    expect(within(ana).getByText(teamTexts.twoStepOn)).toBeDefined();
    expect(within(ana).queryByRole('button', { name: /Desactivar/ })).toBeNull();

    const oscar = screen.getByRole('listitem', { name: 'Oscar Operador' });
    expect(within(oscar).getByText('Violencia intrafamiliar')).toBeDefined();
    expect(within(oscar).getByText(teamTexts.neverSignedIn)).toBeDefined();
    expect(within(oscar).getByText(teamTexts.twoStepOff)).toBeDefined();
    expect(within(oscar).getByText(teamTexts.inactive)).toBeDefined();
    expect(within(oscar).getByRole('button', { name: /^Reactivar\s*Oscar Operador$/ })).toBeDefined();

    fireEvent.click(
      within(oscar).getByRole('button', { name: new RegExp(`^${teamTexts.edit}\\s*Oscar Operador$`) }),
    );
    const editor = within(oscar).getByRole('form', { name: teamTexts.editTitle('Oscar Operador') });
    expect((within(editor).getByRole('combobox', { name: teamTexts.role }) as HTMLSelectElement).value).toBe(
      'operator',
    );
    expect(
      (within(editor).getByRole('checkbox', { name: 'Violencia intrafamiliar' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((within(editor).getByRole('checkbox', { name: 'General' }) as HTMLInputElement).checked).toBe(
      false,
    );
  });

  it('asks in a dialog before deactivating someone, and cancelling leaves them as they were', () => {
    const active = { ...members[1]!, active: true };
    renderWithClient(
      <TeamMembers members={[active]} specialities={specialities} ownUserId={1} notify={() => {}} />,
    );
    fireEvent.click(screen.getByRole('button', { name: /^Desactivar\s*Oscar Operador$/ }));
    const dialog = screen.getByRole('dialog', { name: teamTexts.deactivateTitle('Oscar Operador') });
    expect(within(dialog).getByText(teamTexts.deactivateDescription)).toBeDefined();
    expect(within(dialog).getByRole('button', { name: teamTexts.deactivateConfirm })).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: teamTexts.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText(teamTexts.active)).toBeDefined();
  });

  it('asks for a valid e-mail before sending an invitation', async () => {
    renderWithClient(<TeamInviteForm specialities={specialities} notify={() => {}} />);
    fireEvent.change(screen.getByRole('textbox', { name: teamTexts.email }), {
      target: { value: 'no-es-correo' },
    });
    fireEvent.click(screen.getByRole('button', { name: teamTexts.invite }));
    expect(await screen.findByText(validationMessages.accountEmailInvalid)).toBeDefined();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: teamTexts.email }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Operador',
      'Supervisor',
      'Administrador',
    ]);
  });
});
