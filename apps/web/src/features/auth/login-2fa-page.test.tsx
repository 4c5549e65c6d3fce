import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { webPaths } from '@seguridad/contracts/web-paths';
import { twoStepTexts } from '@seguridad/contracts/messages/two-step';
import { Login2faPage } from './login-2fa-page';
import { savePendingLogin, type PendingLogin } from './pending-login';

const phone = { id: 7, phone: '+569 **** *678' };

function renderPage(pending: Omit<PendingLogin, 'email' | 'password'>) {
  savePendingLogin({ email: 'rosa@example.com', password: 'una-clave-segura', ...pending });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[webPaths.login2fa]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return render(<Login2faPage />, { wrapper });
}

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
});

describe('Login2faPage', () => {
  it('asks an account with an app for its code first, with a recovery code and SMS as other ways', async () => {
    renderPage({ phones: [phone], authenticator: true, smsAvailable: true });
    expect(await screen.findByLabelText(twoStepTexts.codeLabel, undefined, { timeout: 8_000 })).toBeTruthy();
    expect(screen.getByText(twoStepTexts.appCodeHint)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: twoStepTexts.methodRecovery }));
    expect(screen.getByLabelText(twoStepTexts.recoveryLabel)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: twoStepTexts.methodPhone }));
    expect(screen.getByRole('button', { name: 'Siguiente' })).toBeTruthy();
    expect(screen.getByRole('button', { name: twoStepTexts.methodApp })).toBeTruthy();
  }, 15_000);

  it('never offers SMS where the service sends none, and says so', async () => {
    renderPage({ phones: [phone], authenticator: true, smsAvailable: false });
    await screen.findByLabelText(twoStepTexts.codeLabel, undefined, { timeout: 8_000 });
    expect(screen.queryByRole('button', { name: twoStepTexts.methodPhone })).toBeNull();
    expect(screen.getByText(twoStepTexts.smsUnavailable)).toBeTruthy();
  }, 15_000);

  it('tells an account with only phones, on a service without SMS, that no code can come', async () => {
    renderPage({ phones: [phone], authenticator: false, smsAvailable: false });
    const alert = await screen.findByRole('alert', undefined, { timeout: 8_000 });
    expect(alert.textContent).toContain(twoStepTexts.noWayToSignIn);
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
  }, 15_000);
});
