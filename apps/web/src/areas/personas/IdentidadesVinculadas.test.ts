// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IdentidadExterna } from '@intranet/contract/areas/auth';
import { renderUi } from '../../components/testing.tsx';
import { HttpError } from '../../core/http/HttpError.ts';
import { cuenta, personaDetalle, rol } from '../../test/builders/personas.ts';
import { answers, badRequest, choose, ok, watchNotifications } from '../../test/fixtures.ts';
import { CuentaTab } from './CuentaTab.tsx';
import { IdentidadesVinculadas } from './IdentidadesVinculadas.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const DN = 'uid=afernandez,ou=personas,dc=physis,dc=local';
const directorio: IdentidadExterna = {
  id: 3,
  proveedor: 'ldap',
  emisor: 'ldap',
  sujeto: '4f0c1b2a-8d3e-4c5f-9a7b-112233445566',
  descripcion: DN,
  vinculo: 'administrador',
  creado: '2026-11-25T12:00:00Z',
};
const openid: IdentidadExterna = {
  id: 4,
  proveedor: 'oidc',
  emisor: 'https://login.example/v2.0',
  sujeto: 'b7f3-22',
  descripcion: '',
  vinculo: 'automatica',
  creado: '2026-11-26T09:30:00Z',
};

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const show = (identidades: IdentidadExterna[]) => {
  http.get.mockImplementation(answers({ '/api/usuarios/31/identidades': identidades }));
  return renderUi(createElement(IdentidadesVinculadas, { usuarioId: 31 }));
};

describe('IdentidadesVinculadas', () => {
  it('lists each identity with its provider, what it was seen as and its identifier, how it was linked and when', async () => {
    show([directorio, openid]);
    const fila = (await screen.findByText(DN)).closest('tr')!;
    expect(within(fila).getByText('Directorio')).toBeTruthy();
    expect(within(fila).getByText('4f0c1b2a-8d3e-4c5f-9a7b-112233445566')).toBeTruthy();
    expect(within(fila).getByText('Por un administrador')).toBeTruthy();
    expect(within(fila).getByText('25/11/2026', { exact: false })).toBeTruthy();
    const otra = screen.getByText('b7f3-22').closest('tr')!;
    expect(within(otra).getByText('OpenID')).toBeTruthy();
    expect(within(otra).getByText('Automático (primer ingreso)')).toBeTruthy();
    expect(screen.getByText(/nunca por su e-mail/)).toBeTruthy();
  });

  it('says when none is linked', async () => {
    show([]);
    expect(await screen.findByText('Ninguna identidad externa está vinculada a esta cuenta.')).toBeTruthy();
  });

  it('links a directory person by user name: checked first, the server’s refusal on its field, then linked', async () => {
    show([]);
    http.post.mockRejectedValueOnce(
      badRequest({ sujeto: ['No se encontró a esa persona en el directorio (usuario o DN)'] }),
    );
    http.post.mockResolvedValueOnce(ok(directorio));
    fireEvent.click(await screen.findByRole('button', { name: 'Vincular identidad' }));
    const form = screen.getByRole('form', { name: 'Vincular identidad' });
    fireEvent.click(within(form).getByRole('button', { name: 'Vincular identidad' }));
    expect(await within(form).findByText('Este campo es requerido')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByRole('textbox', { name: /Usuario o DN del directorio/ }), {
      target: { value: 'afernandez' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Vincular identidad' }));
    expect(await within(form).findByText('No se encontró a esa persona en el directorio (usuario o DN)')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Vincular identidad' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith(
        '/api/usuarios/31/identidades',
        { proveedor: 'ldap', sujeto: 'afernandez' },
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Identidad vinculada', message: DN })),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Vincular identidad' })).toBeNull());
  });

  it('links an OpenID subject with its issuer, and shows why it was refused when linked to another account', async () => {
    show([]);
    const mensaje = 'Esa identidad ya está vinculada a otra cuenta (comercial): desvincúlela allí primero';
    http.post.mockRejectedValueOnce(new HttpError(409, { error: mensaje, datos: null }, mensaje));
    fireEvent.click(await screen.findByRole('button', { name: 'Vincular identidad' }));
    const form = screen.getByRole('form', { name: 'Vincular identidad' });
    expect(within(form).queryByRole('textbox', { name: /Emisor/ })).toBeNull();
    await choose(/Proveedor/, 'OpenID', form);
    fireEvent.change(within(form).getByRole('textbox', { name: /Sujeto \(sub\)/ }), { target: { value: 'b7f3-22' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Emisor/ }), {
      target: { value: 'https://login.example/v2.0' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Vincular identidad' }));
    expect(await within(form).findByText(mensaje)).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/usuarios/31/identidades',
      { proveedor: 'oidc', sujeto: 'b7f3-22', emisor: 'https://login.example/v2.0' },
      expect.anything(),
    );
  });

  it('unlinks one once confirmed', async () => {
    show([directorio]);
    http.delete.mockResolvedValue(ok(null));
    fireEvent.click(await screen.findByRole('button', { name: `Desvincular ${DN}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Desvincular identidad' });
    expect(dialog.textContent).toContain('Esa persona ya no podrá ingresar a esta cuenta.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desvincular' }));
    await waitFor(() => expect(http.delete).toHaveBeenCalledWith('/api/usuarios/31/identidades/3', expect.anything()));
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Identidad desvinculada', message: DN })),
    );
  });

  it('is part of an existing account’s tab', async () => {
    http.get.mockImplementation(
      answers({
        '/api/personas/5/cuenta': cuenta(),
        '/api/roles?': { items: [rol()], total: 1 },
        '/api/auditoria?': { items: [], total: 0 },
        '/api/usuarios/31/identidades': [directorio],
      }),
    );
    renderUi(createElement(CuentaTab, { persona: personaDetalle() }));
    expect(await screen.findByRole('heading', { name: 'Identidades vinculadas' })).toBeTruthy();
    expect(await screen.findByText(DN)).toBeTruthy();
  });
});
