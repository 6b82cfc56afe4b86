// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@intranet/contract/auth';
import { renderUi } from '../../components/testing.tsx';
import { answers, badRequest, ok, watchNotifications } from '../../test/fixtures.ts';
import { TokensScreen } from './TokensScreen.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn() }));
const granted = vi.hoisted(() => ({ codes: new Set<string>(['CLIENTES#VER', 'PACKS#EDITAR']) }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermisos: () => ({ data: granted.codes }) }));

const token = (extra: Partial<ApiToken> = {}): ApiToken => ({
  id: 3,
  nombre: 'Pipeline de instaladores',
  prefijo: 'itk_AbCdEf',
  permisos: ['PACKS#EDITAR'],
  vence: '2027-02-23',
  creado: '2026-11-25T12:00:00Z',
  ultimo_uso: '2026-11-25T13:30:00Z',
  revocado: null,
  estado: 'activo',
  usuario: { id: 1, usuario: 'admin', nombre: 'Administrador' },
  ...extra,
});

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

describe('TokensScreen', () => {
  it('lists the tokens with their codes, expiry and last use, and revokes one after asking', async () => {
    http.get.mockImplementation(answers({ '/api/auth/tokens': [token(), token({ id: 2, nombre: 'Viejo', estado: 'revocado', ultimo_uso: null })] }));
    http.post.mockResolvedValue(ok(token({ estado: 'revocado' })));
    renderUi(createElement(TokensScreen, { todos: false }));
    const fila = (await screen.findByText('Pipeline de instaladores')).closest('tr')!;
    expect(within(fila).getByText('PACKS#EDITAR')).toBeTruthy();
    expect(within(fila).getByText('23/02/2027')).toBeTruthy();
    expect(within(fila).getByText('Activo')).toBeTruthy();
    const viejo = screen.getByText('Viejo').closest('tr')!;
    expect(within(viejo).getByText('Nunca')).toBeTruthy();
    expect(within(viejo).queryByRole('button', { name: /Revocar/ })).toBeNull();

    fireEvent.click(within(fila).getByRole('button', { name: 'Revocar Pipeline de instaladores' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revocar' }));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/auth/tokens/3/revocar', undefined, expect.anything()));
    await waitFor(() => expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Token revocado' })));
  });

  it('creates a token with some of the person’s codes and shows it once', async () => {
    http.get.mockImplementation(answers({ '/api/auth/tokens': [] }));
    http.post.mockResolvedValue(ok({ ...token({ permisos: ['PACKS#EDITAR'] }), token: 'itk_secreto-de-prueba-1234567890' }));
    renderUi(createElement(TokensScreen, { todos: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo token' }));
    const dialogo = await screen.findByRole('dialog');
    // Only the person's own codes are offered.
    expect(within(dialogo).getAllByRole('checkbox').map((c) => c.getAttribute('value'))).toEqual(['CLIENTES#VER', 'PACKS#EDITAR']);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText('Elija al menos un permiso')).toBeTruthy();
    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Nombre/ }), { target: { value: 'Pipeline de instaladores' } });
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: /PACKS#EDITAR/ }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/auth/tokens', expect.objectContaining({ nombre: 'Pipeline de instaladores', permisos: ['PACKS#EDITAR'] }), expect.anything()),
    );
    expect(((await screen.findByDisplayValue('itk_secreto-de-prueba-1234567890')) as HTMLInputElement).readOnly).toBe(true);
    expect(screen.getByText(/no se vuelve a mostrar/)).toBeTruthy();
  });

  it('shows the server’s refusal on its field', async () => {
    http.get.mockImplementation(answers({ '/api/auth/tokens': [] }));
    http.post.mockRejectedValue(badRequest({ vence: ['Un token dura como máximo 365 días (hasta el 25/11/2027)'] }));
    renderUi(createElement(TokensScreen, { todos: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo token' }));
    const dialogo = await screen.findByRole('dialog');
    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Nombre/ }), { target: { value: 'x' } });
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: /CLIENTES#VER/ }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText(/como máximo 365 días/)).toBeTruthy();
  });

  it('shows everyone’s tokens with their owner to admins, with no way to create one there', async () => {
    http.get.mockImplementation(answers({ '/api/auth/tokens/todos': [token(), token({ id: 9, usuario: { id: 2, usuario: 'comercial', nombre: 'Comercial Demo' } })] }));
    renderUi(createElement(TokensScreen, { todos: true }));
    expect(await screen.findByText('Comercial Demo')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tokens de API de todas las cuentas' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo token' })).toBeNull();
  });
});
