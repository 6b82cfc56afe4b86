// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createElement as h } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LoginRequest } from '@intranet/contract/areas/auth';
import { installDomStubs, testTheme } from '../components/testing.tsx';
import { navigateTo, prepareNavigation } from '../core/navigation.ts';
import { rememberBlockedRoute, takeBlockedRoute } from '../core/session/session.ts';
import { exchangeOidcCode, oidcProvider, signIn, verifySecondStep, type SignInResult } from '../core/session/signIn.ts';
import { LoginForm } from './LoginForm.tsx';

vi.mock('../core/session/signIn.ts', () => ({
  signIn: vi.fn(),
  verifySecondStep: vi.fn(),
  oidcProvider: vi.fn(),
  exchangeOidcCode: vi.fn(),
  oidcStartUrl: (d: string) => `/api/auth/oidc/inicio?destino=${encodeURIComponent(d)}`,
}));
vi.mock('../core/navigation.ts', () => ({ navigateTo: vi.fn(), prepareNavigation: vi.fn() }));

const REQUIRED = 'Este campo es requerido';
const signInMock = vi.mocked(signIn);
const verifyMock = vi.mocked(verifySecondStep);
const providerMock = vi.mocked(oidcProvider);
const exchangeMock = vi.mocked(exchangeOidcCode);

beforeAll(() => installDomStubs());
beforeEach(() => {
  vi.clearAllMocks();
  providerMock.mockResolvedValue(null);
  takeBlockedRoute();
  window.history.replaceState(null, '', '/login');
});
afterEach(cleanup);

const button = () => screen.getByRole('button', { name: 'Ingresar' }) as HTMLButtonElement;

function renderForm() {
  render(h(MantineProvider, { theme: testTheme }, h(LoginForm)));
  return {
    username: screen.getByPlaceholderText('Usuario o email') as HTMLInputElement,
    password: screen.getByLabelText('Contraseña') as HTMLInputElement,
    submit: () => fireEvent.click(button()),
  };
}

describe('LoginForm', () => {
  it('shows a field’s error once it is changed or left empty, and only that field’s', () => {
    const { username, password } = renderForm();
    expect(screen.queryAllByText(REQUIRED)).toHaveLength(0);
    fireEvent.change(username, { target: { value: 'x' } });
    expect(screen.queryAllByText(REQUIRED)).toHaveLength(0);
    fireEvent.change(username, { target: { value: '' } });
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
    fireEvent.blur(password);
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    fireEvent.change(username, { target: { value: '   ' } });
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    fireEvent.change(username, { target: { value: 'ana' } });
    expect(screen.getAllByText(REQUIRED)).toHaveLength(1);
  });

  it('on an invalid submit marks every field, focuses the first and sends nothing', () => {
    const { username, submit } = renderForm();
    submit();
    expect(screen.getAllByText(REQUIRED)).toHaveLength(2);
    expect(document.activeElement).toBe(username);
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed credentials, shows the spinner, then goes to the blocked route', async () => {
    let answer: (result: SignInResult) => void = () => undefined;
    signInMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    rememberBlockedRoute('/maquinas?q=1');
    const { username, password, submit } = renderForm();
    fireEvent.change(username, { target: { value: ' admin ' } });
    fireEvent.change(password, { target: { value: ' clave ' } });
    submit();
    await waitFor(() =>
      expect(signInMock).toHaveBeenCalledWith({ username: 'admin', password: ' clave ' } satisfies LoginRequest),
    );
    expect(prepareNavigation).toHaveBeenCalled();
    expect(button().disabled).toBe(true);
    answer({ ok: true, sesion: { token: 't', usuario: { nombre: 'Ana', roles: [], usuario: 'admin' } } });
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/maquinas?q=1', { replace: true }));
  });

  it('shows the server’s refusal in the alert and ends loading', async () => {
    signInMock.mockResolvedValue({ ok: false, error: 'Usuario o contraseña incorrectos' });
    const { username, password, submit } = renderForm();
    fireEvent.change(username, { target: { value: 'admin' } });
    fireEvent.change(password, { target: { value: 'mala' } });
    submit();
    expect(await screen.findByTestId('login-error')).toHaveProperty('textContent', 'Usuario o contraseña incorrectos');
    await waitFor(() => expect(button().disabled).toBe(false));
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('asks for the second factor’s code next, checks its form, sends six digits by themselves, shows a wrong one under an emptied field, then goes on', async () => {
    signInMock.mockResolvedValue({ ok: false, segundoPaso: 'desafio-1' });
    verifyMock.mockResolvedValueOnce({ ok: false, error: 'El código no es correcto' });
    verifyMock.mockResolvedValueOnce({
      ok: true,
      sesion: { token: 't', usuario: { nombre: 'Ana', roles: [], usuario: 'ana' } },
    });
    rememberBlockedRoute('/clientes');
    const { username, password, submit } = renderForm();
    fireEvent.change(username, { target: { value: 'ana' } });
    fireEvent.change(password, { target: { value: 'clave' } });
    submit();
    const codigo = (await screen.findByLabelText('Código de verificación')) as HTMLInputElement;
    expect(screen.getByText('Verificación en dos pasos')).toBeTruthy();
    const verificar = () => fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));
    fireEvent.change(codigo, { target: { value: '12ab' } });
    verificar();
    expect(await screen.findByText('Son 6 dígitos, o un código de recuperación como abcde-fghij')).toBeTruthy();
    expect(verifyMock).not.toHaveBeenCalled();
    // Six digits send the form by themselves; a wrong code empties the field and puts the cursor back in it.
    fireEvent.change(codigo, { target: { value: '123 456' } });
    expect(await screen.findByText('El código no es correcto')).toBeTruthy();
    expect(verifyMock).toHaveBeenCalledTimes(1);
    expect(verifyMock).toHaveBeenCalledWith('desafio-1', '123456');
    expect(codigo.value).toBe('');
    expect(document.activeElement).toBe(codigo);
    // A recovery code instead.
    fireEvent.click(screen.getByRole('button', { name: 'No tengo el teléfono: usar un código de recuperación' }));
    fireEvent.change(screen.getByLabelText('Código de recuperación'), { target: { value: 'abcde-fghij' } });
    verificar();
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/clientes', { replace: true }));
    expect(verifyMock).toHaveBeenLastCalledWith('desafio-1', 'abcde-fghij');
  });

  it('sends a session whose role requires the second factor to enrol it first', async () => {
    signInMock.mockResolvedValue({
      ok: true,
      sesion: { token: 't', usuario: { nombre: 'Ana', roles: [], usuario: 'ana', segundo_factor_pendiente: true } },
    });
    rememberBlockedRoute('/clientes');
    const { username, password, submit } = renderForm();
    fireEvent.change(username, { target: { value: 'ana' } });
    fireEvent.change(password, { target: { value: 'clave' } });
    submit();
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/segundo-factor', { replace: true }));
  });

  it('offers "Ingresar con …" only when the server has an OpenID provider', async () => {
    renderForm();
    await waitFor(() => expect(providerMock).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /Ingresar con/ })).toBeNull();
    cleanup();
    providerMock.mockResolvedValue('Entra ID');
    renderForm();
    expect(await screen.findByRole('button', { name: 'Ingresar con Entra ID' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeTruthy();
  });

  it('back from the provider: exchanges the one-time code, clears it from the address and goes on', async () => {
    exchangeMock.mockResolvedValue({
      ok: true,
      sesion: { token: 't', usuario: { nombre: 'Ana', roles: [], usuario: 'ana' } },
    });
    window.history.replaceState(null, '', '/login?oidc=codigo-1&destino=%2Fclientes');
    render(h(MantineProvider, { theme: testTheme }, h(LoginForm)));
    expect(screen.getByText('Completando el ingreso…')).toBeTruthy();
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/clientes', { replace: true }));
    expect(exchangeMock).toHaveBeenCalledWith('codigo-1');
    expect(prepareNavigation).toHaveBeenCalled();
    expect(window.location.search).toBe('');
  });

  it('back from the provider with a refusal: shows it', async () => {
    window.history.replaceState(null, '', '/login?oidc_error=Su%20usuario%20no%20est%C3%A1%20en%20ning%C3%BAn%20grupo');
    renderForm();
    expect(await screen.findByTestId('login-error')).toHaveProperty(
      'textContent',
      'Su usuario no está en ningún grupo',
    );
  });
});
