import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validationMessages } from '@seguridad/contracts/messages';
import { ProfileForm, type ProfileValues } from './profile-form';

const stored: ProfileValues = {
  name: 'Rosa',
  lastname: 'Pérez',
  phone: '56912345678',
  rut: '12345678-5',
  address: 'Av. Siempre Viva 742',
};

function renderForm(onSave = vi.fn(async () => true), avatarPending = false) {
  render(<ProfileForm initial={stored} onSave={onSave} avatarPending={avatarPending} />);
  return onSave;
}

const field = (name: string) =>
  screen.getByRole('textbox', { name: new RegExp(`^${name}`) }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
const editSwitch = () => screen.getByRole('switch', { name: 'Editar' });

afterEach(cleanup);

describe('the profile form', () => {
  it('shows the stored values read-only, the RUT formatted, until Editar is switched on', async () => {
    renderForm();
    expect(field('Rut').value).toBe('12.345.678-5');
    for (const name of ['Nombre', 'Apellido', 'Teléfono', 'Rut', 'Dirección']) {
      expect(field(name).readOnly, name).toBe(true);
    }
    expect(save().disabled).toBe(true);
    fireEvent.click(editSwitch());
    for (const name of ['Nombre', 'Apellido', 'Teléfono', 'Rut', 'Dirección']) {
      expect(field(name).readOnly, name).toBe(false);
    }
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('formats the RUT as it is typed and says when it is not valid', async () => {
    renderForm();
    fireEvent.click(editSwitch());
    fireEvent.change(field('Rut'), { target: { value: '123456789' } });
    expect(field('Rut').value).toBe('12.345.678-9');
    expect(await screen.findByText(validationMessages.rutInvalid)).toBeDefined();
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(field('Rut'), { target: { value: '12345678k' } });
    expect(field('Rut').value).toBe('12.345.678-K');
    fireEvent.change(field('Rut'), { target: { value: '123456785' } });
    expect(field('Rut').value).toBe('12.345.678-5');
    await waitFor(() => expect(screen.queryByText(validationMessages.rutInvalid)).toBeNull());
    await waitFor(() => expect(save().disabled).toBe(false));
  });

  it('keeps Guardar disabled while a field is wrong, and sends the values as shown', async () => {
    const onSave = renderForm();
    fireEvent.click(editSwitch());
    fireEvent.change(field('Teléfono'), { target: { value: '569abc' } });
    expect(await screen.findByText(validationMessages.digitsOnly)).toBeDefined();
    await waitFor(() => expect(save().disabled).toBe(true));
    fireEvent.change(field('Teléfono'), { target: { value: '56987654321' } });
    await waitFor(() => expect(save().disabled).toBe(false));
    fireEvent.click(save());
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ ...stored, phone: '56987654321', rut: '12.345.678-5' }),
    );
    // Saved: back to read-only.
    await waitFor(() => expect(field('Nombre').readOnly).toBe(true));
  });

  it('switching Editar off puts the stored values back', async () => {
    renderForm();
    fireEvent.click(editSwitch());
    fireEvent.change(field('Nombre'), { target: { value: 'Otra' } });
    fireEvent.click(editSwitch());
    await waitFor(() => expect(field('Nombre').value).toBe('Rosa'));
  });

  it('lets a new avatar be saved without editing the fields', async () => {
    renderForm(undefined, true);
    await waitFor(() => expect(save().disabled).toBe(false));
  });
});
