// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '@intranet/contract/areas/auth';
import { renderUi } from '../../components/testing.tsx';
import { answers, badRequest, choose, ok, watchNotifications } from '../../test/fixtures.ts';
import { DirectorioScreen } from './DirectorioScreen.tsx';
import { SegundoFactorCuentas } from './SegundoFactorCuentas.tsx';
import { SegundoFactorScreen } from './SegundoFactorScreen.tsx';
import { TokensScreen } from './TokensScreen.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
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
    http.get.mockImplementation(
      answers({
        '/api/auth/tokens': [token(), token({ id: 2, nombre: 'Viejo', estado: 'revocado', ultimo_uso: null })],
      }),
    );
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
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/auth/tokens/3/revocar', undefined, expect.anything()),
    );
    await waitFor(() => expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Token revocado' })));
  });

  it('creates a token with some of the person’s codes and shows it once', async () => {
    http.get.mockImplementation(answers({ '/api/auth/tokens': [] }));
    http.post.mockResolvedValue(
      ok({ ...token({ permisos: ['PACKS#EDITAR'] }), token: 'itk_secreto-de-prueba-1234567890' }),
    );
    renderUi(createElement(TokensScreen, { todos: false }));
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo token' }));
    const dialogo = await screen.findByRole('dialog');
    // Only the person's own codes are offered.
    expect(
      within(dialogo)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['CLIENTES#VER', 'PACKS#EDITAR']);
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialogo).findByText('Elija al menos un permiso')).toBeTruthy();
    fireEvent.change(within(dialogo).getByRole('textbox', { name: /Nombre/ }), {
      target: { value: 'Pipeline de instaladores' },
    });
    fireEvent.click(within(dialogo).getByRole('checkbox', { name: /PACKS#EDITAR/ }));
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/auth/tokens',
        expect.objectContaining({ nombre: 'Pipeline de instaladores', permisos: ['PACKS#EDITAR'] }),
        expect.anything(),
      ),
    );
    expect(((await screen.findByDisplayValue('itk_secreto-de-prueba-1234567890')) as HTMLInputElement).readOnly).toBe(
      true,
    );
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
    http.get.mockImplementation(
      answers({
        '/api/auth/tokens/todos': [
          token(),
          token({ id: 9, usuario: { id: 2, usuario: 'comercial', nombre: 'Comercial Demo' } }),
        ],
      }),
    );
    renderUi(createElement(TokensScreen, { todos: true }));
    expect(await screen.findByText('Comercial Demo')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tokens de API de todas las cuentas' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Nuevo token' })).toBeNull();
  });
});

describe('SegundoFactorScreen', () => {
  const codigos = [
    'abcde-fghij',
    'klmno-pqrst',
    'uvwxy-z2345',
    'aaaaa-bbbbb',
    'ccccc-ddddd',
    'eeeee-fffff',
    'ggggg-hhhhh',
    'iiiii-jjjjj',
    'kkkkk-lllll',
    'mmmmm-nnnnn',
  ];

  it('enrols: a QR code and the key as text, a wrong code refused on its field, then the recovery codes once', async () => {
    // Once confirmed, the state the screen reads again is "on".
    const confirmado = () => http.post.mock.calls.filter(([u]) => u === '/api/auth/totp/confirmar').length >= 2;
    http.get.mockImplementation(async () =>
      ok({ activo: confirmado(), requerido: true, codigos_restantes: confirmado() ? 10 : 0 }),
    );
    http.post.mockImplementation(async (url: string) => {
      if (url === '/api/auth/totp/inscripcion')
        return ok({
          secreto: 'JBSWY3DPEHPK3PXP',
          uri: 'otpauth://totp/Intranet:ana?secret=JBSWY3DPEHPK3PXP',
          qr: 'data:image/svg+xml;base64,PHN2Zy8+',
        });
      if (http.post.mock.calls.filter(([u]) => u === '/api/auth/totp/confirmar').length === 1)
        throw badRequest({
          codigo: ['El código no es correcto: revise la hora del teléfono y pruebe con el siguiente'],
        });
      return ok({ codigos });
    });
    renderUi(createElement(SegundoFactorScreen));
    expect(
      await screen.findByText('Uno de sus roles requiere el segundo factor: actívelo para poder usar la Intranet.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Activar' }));
    const qr = (await screen.findByRole('img', { name: /Código QR/ })) as HTMLImageElement;
    expect(qr.src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    const campo = screen.getByRole('textbox', { name: 'Código de verificación' });
    fireEvent.change(campo, { target: { value: '111 111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(/^El código no es correcto/)).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith('/api/auth/totp/confirmar', { codigo: '111111' }, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    const lista = await screen.findByRole('list', { name: 'Códigos de recuperación' });
    expect(
      within(lista)
        .getAllByRole('listitem')
        .map((c) => c.textContent),
    ).toEqual(codigos);
    expect(screen.getByRole('link', { name: 'Descargar' }).getAttribute('download')).toBe(
      'intranet-codigos-de-recuperacion.txt',
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Segundo factor activado' })),
    );
  });

  it('when on and required, says so and offers no way to turn it off', async () => {
    http.get.mockImplementation(answers({ '/api/auth/totp': { activo: true, requerido: true, codigos_restantes: 7 } }));
    renderUi(createElement(SegundoFactorScreen));
    expect(await screen.findByText('Le quedan 7 códigos de recuperación.')).toBeTruthy();
    expect(screen.getByText('Su rol lo requiere: no se puede desactivar.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Desactivar' })).toBeNull();
  });
});

describe('SegundoFactorCuentas', () => {
  it('requires it for a role, and resets an account’s after asking', async () => {
    http.get.mockImplementation(
      answers({
        '/api/auth/totp/roles': [{ id: 1, nombre: 'Administrador', requiere_totp: false }],
        '/api/auth/totp/cuentas': [
          { id: 4, usuario: 'ana', nombre: 'Ana Gómez', activo: true, desde: '2026-11-20T10:00:00Z', requerido: false },
        ],
      }),
    );
    http.put.mockResolvedValue(ok({ id: 1, nombre: 'Administrador', requiere_totp: true }));
    http.post.mockResolvedValue(ok(null));
    renderUi(createElement(SegundoFactorCuentas));
    fireEvent.click(await screen.findByRole('switch', { name: 'Administrador requiere segundo factor' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith('/api/auth/totp/roles/1', { requiere_totp: true }, expect.anything()),
    );
    const fila = (await screen.findByText('Ana Gómez')).closest('tr')!;
    expect(within(fila).getByText('20/11/2026')).toBeTruthy();
    fireEvent.click(within(fila).getByRole('button', { name: 'Restablecer Ana Gómez' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Restablecer' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/auth/totp/cuentas/4/restablecer', undefined, expect.anything()),
    );
  });
});

describe('DirectorioScreen', () => {
  const fila = { id: 2, grupo: 'intranet-comercial', rol_id: 5, rol: 'Comercial', creado: '2026-11-25T12:00:00Z' };
  const rutas = {
    '/api/auth/directorio': { configurado: true, url: 'ldaps://dc1.physis.local:636', grupos: [fila] },
    '/api/auth/totp/roles': [
      { id: 5, nombre: 'Comercial', requiere_totp: false },
      { id: 6, nombre: 'Técnica', requiere_totp: false },
    ],
  };

  it('shows the directory and its groups, adds a group with a role, and shows a refusal on its field', async () => {
    http.get.mockImplementation(answers(rutas));
    http.post.mockRejectedValueOnce(badRequest({ grupo: ['Ese grupo ya da ese rol'] }));
    http.post.mockResolvedValueOnce(ok({ ...fila, id: 3, grupo: 'intranet-tecnica', rol_id: 6, rol: 'Técnica' }));
    renderUi(createElement(DirectorioScreen));
    expect(await screen.findByText('Conectado a ldaps://dc1.physis.local:636.')).toBeTruthy();
    expect(
      screen.getByText(
        /vinculada a su cuenta por su identificador del directorio .*, nunca por su e-mail\. Si ya tiene una cuenta .* pestaña Cuenta/,
      ),
    ).toBeTruthy();
    expect(screen.getByText('intranet-comercial')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Agregar' });
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await within(form).findByText('Elija un rol')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.change(within(form).getByRole('textbox', { name: /Grupo del directorio/ }), {
      target: { value: 'intranet-tecnica' },
    });
    await choose(/Rol en la Intranet/, 'Técnica', form);
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    expect(await within(form).findByText('Ese grupo ya da ese rol')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Agregar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenLastCalledWith(
        '/api/auth/directorio/grupos',
        { grupo: 'intranet-tecnica', rol_id: 6 },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Grupo asignado' })));
  });

  it('says when the directory is not set on this server', async () => {
    http.get.mockImplementation(
      answers({ ...rutas, '/api/auth/directorio': { configurado: false, url: null, grupos: [] } }),
    );
    renderUi(createElement(DirectorioScreen));
    expect(await screen.findByText(/no está configurado en este servidor \(LDAP_URL\)/)).toBeTruthy();
    expect(screen.getByText('Ningún grupo da acceso todavía.')).toBeTruthy();
  });
});
