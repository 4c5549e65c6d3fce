import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type CompanySettings } from '@seguridad/contracts/http/operator';
import { AllowedOriginsEditor } from './allowed-origins-editor';
import { SpecialitiesEditor } from './specialities-editor';
import { WorkingHoursEditor } from './working-hours-editor';
import { SilentCallSettings } from './silent-call-settings';

const company: CompanySettings = {
  name: 'Central de Prueba',
  role: 'admin',
  public_key: 'clave-publica',
  call_back: true,
  video_call: true,
  video_mail: true,
  working_hours: [{ day: 1, open: '09:00', close: '18:00' }],
  allowed_origins: ['https://municipio.example.cl'],
  specialities: [{ id: 1, name: 'General' }],
  recording_retention_days: 90,
  launcher_color: '#0b3a75',
  launcher_label: 'Contáctanos',
  quick_exit_url: 'https://www.meteochile.gob.cl/',
  quick_questions: ['¿Estás en peligro ahora?'],
  call_link_minutes: 15,
};

function renderWithClient(children: ReactNode) {
  return render(<QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>);
}

const notify = () => {};

afterEach(cleanup);

describe('working hours editor', () => {
  it('refuses a closing time before the opening one with the server’s message, on the field to fix', async () => {
    renderWithClient(<WorkingHoursEditor company={company} notify={notify} />);
    const monday = screen.getByRole('group', { name: 'Lunes' });
    const to = within(monday).getByRole('textbox', { name: 'Hasta' });
    fireEvent.change(to, { target: { value: '08:00' } });
    expect(screen.getByRole('button', { name: 'Descartar cambios' })).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Guardar horario' }));
    expect(
      await within(monday).findByText('La hora de cierre debe ser posterior a la de apertura'),
    ).toBeDefined();
    await waitFor(() => expect(document.activeElement).toBe(to));
    expect(to.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Descartar cambios' }));
    await waitFor(() =>
      expect(within(monday).getByRole('textbox', { name: 'Hasta' }).getAttribute('value') ?? '').not.toBe(
        'x',
      ),
    );
    expect((within(monday).getByRole('textbox', { name: 'Hasta' }) as HTMLInputElement).value).toBe('18:00');
  });

  it('shows the times only for open days', () => {
    renderWithClient(<WorkingHoursEditor company={company} notify={notify} />);
    const tuesday = screen.getByRole('group', { name: 'Martes' });
    expect(within(tuesday).getByText('Cerrado')).toBeDefined();
    fireEvent.click(within(tuesday).getByRole('switch', { name: 'Abierto' }));
    expect(within(tuesday).getByRole('textbox', { name: 'Desde' })).toBeDefined();
  });
});

describe('specialities editor', () => {
  it('asks for a name before adding one', async () => {
    renderWithClient(<SpecialitiesEditor company={company} notify={notify} />);
    fireEvent.click(screen.getByRole('button', { name: 'Agregar especialidad' }));
    expect(await screen.findByText('Este campo es obligatorio')).toBeDefined();
  });
});

describe('allowed origins editor', () => {
  it('refuses a path and an origin already listed', async () => {
    renderWithClient(<AllowedOriginsEditor company={company} notify={notify} />);
    const field = screen.getByRole('textbox', { name: 'Nuevo origen' });
    fireEvent.change(field, { target: { value: 'https://sitio.cl/ruta' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar origen' }));
    expect(
      await screen.findByText('Escribe el origen como https://sitio.cl (sin ruta ni barra final)'),
    ).toBeDefined();

    fireEvent.change(field, { target: { value: ' https://municipio.example.cl ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Agregar origen' }));
    expect(await screen.findByText('Ese origen ya está en la lista.')).toBeDefined();
  });
});

describe('silent call settings', () => {
  it('refuses an address without https and an empty list of questions, in Spanish', async () => {
    renderWithClient(<SilentCallSettings company={company} notify={notify} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Dirección de Salida rápida' }), {
      target: { value: 'http://clima.example.cl' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Preguntas rápidas' }), {
      target: { value: ' \n  \n' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Escribe una dirección completa que empiece con https://')).toBeDefined();
    expect(await screen.findByText('Deja al menos una pregunta')).toBeDefined();
  });

  it('shows the default address as empty and the questions one per line', () => {
    renderWithClient(<SilentCallSettings company={company} notify={notify} />);
    expect(
      (screen.getByRole('textbox', { name: 'Dirección de Salida rápida' }) as HTMLInputElement).value,
    ).toBe('');
    expect((screen.getByRole('textbox', { name: 'Preguntas rápidas' }) as HTMLTextAreaElement).value).toBe(
      '¿Estás en peligro ahora?',
    );
  });
});
