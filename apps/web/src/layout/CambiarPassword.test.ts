// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CambioPassword } from '@intranet/contract/areas/personas/usuarios';
import { renderUi } from '../components/testing.tsx';
import { badRequest, ok, watchNotifications } from '../test/fixtures.ts';
import { abrirCambiarPassword } from './CambiarPassword.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), put: vi.fn() }));
vi.mock('../core/http/http.ts', () => ({ http }));
vi.mock('../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

/** The shell's account menu opens the dialog; here a button does. */
async function open() {
  renderUi(createElement('button', { type: 'button', onClick: abrirCambiarPassword }, 'Cuenta'));
  fireEvent.click(screen.getByRole('button', { name: 'Cuenta' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cambiar contraseña' });
  const type = (label: RegExp, value: string) =>
    fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
  return { dialog, type };
}

describe('CambiarPassword', () => {
  it('checks the new password with the contract before sending', async () => {
    const { dialog, type } = await open();
    type(/Contraseña actual/, 'vieja-clave');
    type(/Contraseña nueva/, 'vieja-clave');
    type(/Repita la contraseña nueva/, 'otra-clave');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('Las contraseñas no coinciden')).toBeTruthy();
    expect(within(dialog).getByText('La nueva contraseña debe ser distinta de la actual')).toBeTruthy();
    type(/Contraseña nueva/, 'corta');
    type(/Repita la contraseña nueva/, 'corta');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('Mínimo 8 caracteres')).toBeTruthy();
    expect(http.put).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal of the current password on its field', async () => {
    http.put.mockRejectedValue(badRequest({ actual: ['La contraseña actual no es correcta'] }));
    const { dialog, type } = await open();
    type(/Contraseña actual/, 'equivocada');
    type(/Contraseña nueva/, 'nueva-clave-9');
    type(/Repita la contraseña nueva/, 'nueva-clave-9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    expect(await within(dialog).findByText('La contraseña actual no es correcta')).toBeTruthy();
    // The error is the field's description for assistive technology.
    const actual = within(dialog).getByLabelText(/Contraseña actual/);
    expect(document.getElementById(actual.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'La contraseña actual no es correcta',
    );
    expect(notified).not.toHaveBeenCalled();
  });

  it('changes the password, closes the dialog and says so', async () => {
    http.put.mockResolvedValue(ok(null));
    const { dialog, type } = await open();
    type(/Contraseña actual/, 'vieja-clave');
    type(/Contraseña nueva/, 'nueva-clave-9');
    type(/Repita la contraseña nueva/, 'nueva-clave-9');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cambiar contraseña' }));
    const enviado: CambioPassword = { actual: 'vieja-clave', nueva: 'nueva-clave-9', confirmacion: 'nueva-clave-9' };
    await waitFor(() => expect(http.put).toHaveBeenCalledWith('/api/usuarios/yo/password', enviado, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Contraseña cambiada', message: 'Su contraseña nueva ya rige.' }),
    );
  });
});
