import { zodResolver } from '@hookform/resolvers/zod';
import { screen, waitFor } from '@testing-library/react';
import { startTransition, useEffect, useState } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { handOverTypedFields, registerKeepingTyped } from './typed-before-react';

const schema = z.object({
  email: z.email('correo no válido'),
  password: z.string().min(8, 'muy corta'),
  terms: z.boolean().refine((accepted) => accepted, 'hay que aceptar'),
});

/** A prerendered form as the login and register pages are: empty fields, submit disabled until valid. */
function PrerenderedForm({
  keepTyped,
  mode = 'onTouched',
}: {
  keepTyped: boolean;
  mode?: 'onTouched' | 'onChange';
}) {
  const form = useForm({
    resolver: zodResolver(schema),
    mode,
    defaultValues: { email: '', password: '', terms: false },
  });
  const register = keepTyped ? registerKeepingTyped(form) : form.register;
  const {
    formState: { errors, isValid },
  } = form;
  // Marks the form once React has committed it, for the tests to wait on.
  const [committed, setCommitted] = useState(false);
  useEffect(() => setCommitted(true), []);
  return (
    <form noValidate aria-label="Formulario" data-committed={committed || undefined}>
      <label>
        Correo <input type="email" {...register('email')} />
      </label>
      {errors.email && <p role="alert">{errors.email.message}</p>}
      <label>
        Clave <input type="password" {...register('password')} />
      </label>
      {errors.password && <p role="alert">{errors.password.message}</p>}
      <label>
        <input type="checkbox" {...register('terms')} /> Acepto
      </label>
      <button type="submit" disabled={!isValid}>
        Enviar
      </button>
    </form>
  );
}

let root: Root | null = null;

// React takes over as the app does (boot.tsx): in a transition, with effects and the form's checks
// running on their own schedule. act() would flush them at once and hide when they run.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  root?.unmount();
  root = null;
  document.body.replaceChildren();
});

/** The form's HTML as the build writes it, in the page, not yet React's. */
function prerendered(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<PrerenderedForm keepTyped />);
  document.body.append(container);
  return container;
}

/** Types into the prerendered HTML the way a browser does before any script handles it. */
function typeBeforeReact(container: HTMLElement, values: { email: string; password: string }) {
  container.querySelector<HTMLInputElement>('input[name=email]')!.value = values.email;
  container.querySelector<HTMLInputElement>('input[name=password]')!.value = values.password;
  container.querySelector<HTMLInputElement>('input[name=terms]')!.checked = true;
}

async function hydrate(container: HTMLElement, mode?: 'onTouched' | 'onChange') {
  startTransition(() => {
    root = hydrateRoot(container, <PrerenderedForm keepTyped mode={mode} />);
  });
  await committed();
}

async function renderAfresh(container: HTMLElement, keepTyped = true) {
  const freshRoot = createRoot(container);
  root = freshRoot;
  startTransition(() => freshRoot.render(<PrerenderedForm keepTyped={keepTyped} />));
  await committed();
}

async function committed() {
  await waitFor(() => expect(screen.getByRole('form').dataset.committed).toBe('true'));
}

const submit = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Enviar' });
const input = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

describe('a form hydrated over prerendered HTML', () => {
  it('takes what was typed before hydration, and its submit button follows', async () => {
    const container = prerendered();
    expect(container.querySelector('button')!.disabled).toBe(true);
    typeBeforeReact(container, { email: 'ana@example.com', password: 'clave-segura' });
    const emailInput = container.querySelector<HTMLInputElement>('input[name=email]')!;

    await hydrate(container);

    // The very element React took over, still holding what was typed.
    expect(input('Correo')).toBe(emailInput);
    expect(emailInput.value).toBe('ana@example.com');
    expect(input('Clave').value).toBe('clave-segura');
    expect(input('Acepto').checked).toBe(true);
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('counts the field still being typed in, without showing its messages yet', async () => {
    const container = prerendered();
    typeBeforeReact(container, { email: 'ana@example.com', password: 'clave-segura' });
    // The last field: a check run from an earlier one sees it still empty.
    container.querySelector<HTMLInputElement>('input[name=terms]')!.focus();

    await hydrate(container);

    expect(document.activeElement).toBe(input('Acepto'));
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('shows the messages of a field left invalid, not of the one still being typed in', async () => {
    const container = prerendered();
    typeBeforeReact(container, { email: 'ana@', password: 'corta' });
    container.querySelector<HTMLInputElement>('input[name=email]')!.focus();

    await hydrate(container);

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('muy corta'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(submit().disabled).toBe(true);
    expect(document.activeElement).toBe(input('Correo'));
  });

  it('shows the messages of the field still being typed in when the form checks as one types', async () => {
    const container = prerendered();
    typeBeforeReact(container, { email: 'ana@example.com', password: 'corta' });
    container.querySelector<HTMLInputElement>('input[name=password]')!.focus();

    await hydrate(container, 'onChange');

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('muy corta'));
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(submit().disabled).toBe(true);
    expect(document.activeElement).toBe(input('Clave'));
  });
});

describe('a form rendered afresh over prerendered HTML', () => {
  it('moves what was typed into the new fields, with the focus, and enables the submit button', async () => {
    const container = prerendered();
    const prerenderedEmail = container.querySelector<HTMLInputElement>('input[name=email]')!;
    handOverTypedFields(container);
    // Typing goes on after the hand-over, until React replaces the elements.
    typeBeforeReact(container, { email: 'ana@example.com', password: 'clave-segura' });
    prerenderedEmail.focus();

    await renderAfresh(container);

    expect(input('Correo')).not.toBe(prerenderedEmail);
    expect(input('Correo').value).toBe('ana@example.com');
    expect(document.activeElement).toBe(input('Correo'));
    expect(input('Clave').value).toBe('clave-segura');
    expect(input('Acepto').checked).toBe(true);
    await waitFor(() => expect(submit().disabled).toBe(false));
  });

  it('keeps the focus in a field the person had just entered, still empty', async () => {
    const container = prerendered();
    handOverTypedFields(container);
    container.querySelector<HTMLInputElement>('input[name=email]')!.value = 'ana@example.com';
    container.querySelector<HTMLInputElement>('input[name=password]')!.focus();

    await renderAfresh(container);

    expect(document.activeElement).toBe(input('Clave'));
    expect(input('Clave').value).toBe('');
    expect(input('Correo').value).toBe('ana@example.com');
  });

  it('hands over once: a form mounted later starts empty', async () => {
    const container = prerendered();
    handOverTypedFields(container);
    typeBeforeReact(container, { email: 'ana@example.com', password: 'clave-segura' });
    await renderAfresh(container);
    expect(input('Correo').value).toBe('ana@example.com');

    root!.render(<p>otra página</p>);
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    root!.render(<PrerenderedForm keepTyped />);
    await committed();

    expect(input('Correo').value).toBe('');
    expect(input('Acepto').checked).toBe(false);
    expect(submit().disabled).toBe(true);
  });

  it('with the plain register, what was typed is lost (the failure this guards against)', async () => {
    const container = prerendered();
    handOverTypedFields(container);
    typeBeforeReact(container, { email: 'ana@example.com', password: 'clave-segura' });

    await renderAfresh(container, false);

    expect(input('Correo').value).toBe('');
    expect(submit().disabled).toBe(true);
  });
});
