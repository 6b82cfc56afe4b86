// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonaDeleteResult, PersonaDetalle } from '@intranet/contract/areas/personas';
import type { Cuenta, CuentaConPassword, CuentaCreate, CuentaUpdate } from '@intranet/contract/areas/personas/usuarios';
import { renderUi } from '../../components/testing.tsx';
import { CUIT_VALIDO, clienteFila } from '../../test/builders/clientes.ts';
import { cuenta, personaDetalle, rol } from '../../test/builders/personas.ts';
import { answers, badRequest, choose, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { PersonaDetail } from './PersonaDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const ana = personaDetalle({
  usuario: 'aperez',
  notas: 'Turno tarde',
  maquinas: [{ id: 1, nombre: 'NB-ANA', tipo: 'notebook', nro_inventario: 'INV-0042', desde: '2026-01-10' }],
  a_cargo: [{ id: 9, nombre_completo: 'Luna, Pedro', activo: true }],
});

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  permisos.clear();
  permisos.add('USUARIOS#ADMIN');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const show = (detalle: PersonaDetalle, { url = '/personas/5', cuentaActual = null as Cuenta | null } = {}) => {
  http.get.mockImplementation(
    answers({
      '/api/personas/5': detalle,
      '/api/personas/5/cuenta': cuentaActual,
      '/api/roles?': {
        items: [rol(), rol({ id: 2, nombre: 'Administración', permisos: ['USUARIOS#ADMIN'] })],
        total: 2,
      },
      '/api/auditoria?': { items: [], total: 0 },
      '/api/empresas?contacto_id=5&size=50': {
        items: [
          clienteFila({
            id: 7,
            razon_social: 'Agropecuaria Los Ceibos S.A.',
            cuit: CUIT_VALIDO,
            localidad: 'Pergamino',
            provincia: 'Buenos Aires',
          }),
        ],
        total: 1,
      },
    }),
  );
  return renderUi(createElement(PersonaDetail), {
    url,
    path: '/personas/:id',
    routes: [stubRoute('/personas', 'Lista de personas')],
  });
};
const dato = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('PersonaDetail', () => {
  it('shows the person’s data, their boss and the people in their charge', async () => {
    show(ana);
    expect(await screen.findByRole('heading', { level: 1, name: /Pérez, Ana/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('Activa');
    expect(dato('Legajo')).toBe('L-0305');
    expect(dato('Tipo')).toBe('Personal');
    expect(dato('Usuario')).toBe('aperez');
    expect(dato('Notas')).toBe('Turno tarde');
    expect(screen.getByRole('link', { name: 'ana.perez@physis.com.ar' }).getAttribute('href')).toBe(
      'mailto:ana.perez@physis.com.ar',
    );
    expect(screen.getByRole('link', { name: 'Gómez, Laura' }).getAttribute('href')).toBe('/personas/2');
    expect(screen.getByRole('heading', { name: 'Personas a cargo' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Luna, Pedro' }).getAttribute('href')).toBe('/personas/9');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/personas/5/editar');
  });

  it('lists the machines the person holds', async () => {
    show(ana, { url: '/personas/5?tab=maquinas' });
    const table = await screen.findByRole('table', { name: 'Máquinas asignadas' });
    expect(screen.getByRole('tab', { name: 'Máquinas (1)' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe('NB-ANANotebookINV-004210/01/2026');
    expect(within(table).getByRole('link', { name: 'NB-ANA' }).getAttribute('href')).toBe('/maquinas/1');
  });

  it('lists the clients whose contact the person is, with CLIENTES#VER', async () => {
    permisos.add('CLIENTES#VER');
    show(ana, { url: '/personas/5?tab=clientes' });
    const table = await screen.findByRole('table', { name: 'Clientes de los que es el contacto' });
    expect(screen.getByRole('tab', { name: 'Clientes' }).getAttribute('aria-selected')).toBe('true');
    expect(within(table).getAllByRole('row')[1]?.textContent).toBe(
      'Agropecuaria Los Ceibos S.A.30-71234567-1Pergamino, Buenos AiresSí',
    );
    expect(within(table).getByRole('link', { name: 'Agropecuaria Los Ceibos S.A.' }).getAttribute('href')).toBe(
      '/clientes/7',
    );
  });

  it('offers the account tab only to those who administer accounts, the developments tab only with SER#VER, the clients tab only with CLIENTES#VER', async () => {
    permisos.clear();
    show(ana, { url: '/personas/5?tab=cuenta' });
    expect(await screen.findByRole('tab', { name: 'Datos' })).toBeTruthy();
    expect(screen.queryByRole('tab', { name: 'Cuenta' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Desarrollos' })).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Clientes' })).toBeNull();
    // Asked for the account tab without the permission, the data shows instead.
    expect(screen.getByRole('tab', { name: 'Datos' }).getAttribute('aria-selected')).toBe('true');
    expect(http.get).not.toHaveBeenCalledWith('/api/personas/5/cuenta', expect.anything(), expect.anything());
  });

  it('deletes a person nothing points at, once confirmed, and goes back to the list', async () => {
    http.delete.mockResolvedValue(ok<PersonaDeleteResult>({ accion: 'eliminada', motivo: null }));
    show(personaDetalle());
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar persona' });
    expect(dialog.textContent).toContain('¿Eliminar a Pérez, Ana? Si tiene cuenta de usuario');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Lista de personas')).toBeTruthy();
    expect(http.delete).toHaveBeenCalledWith('/api/personas/5', expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Persona eliminada', message: 'Pérez, Ana' }),
    );
  });

  it('stays on a person the server deactivated instead, saying why', async () => {
    http.delete.mockResolvedValue(
      ok<PersonaDeleteResult>({ accion: 'desactivada', motivo: 'Tiene máquinas asignadas: se desactivó.' }),
    );
    show(ana);
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Eliminar persona' })).getByRole('button', { name: 'Eliminar' }),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Persona desactivada', message: 'Tiene máquinas asignadas: se desactivó.' }),
      ),
    );
    expect(screen.queryByText('Lista de personas')).toBeNull();
  });
});

describe('PersonaDetail, account tab', () => {
  it('creates an account with a suggested name and the roles chosen, then shows the generated password once', async () => {
    const creada: CuentaConPassword = { ...cuenta({ sesiones_activas: 0 }), password_generada: 'Kq7-mPz2-w8Xr' };
    http.post.mockResolvedValue(ok(creada));
    show(personaDetalle(), { url: '/personas/5?tab=cuenta' });
    const form = await screen.findByRole('form', { name: 'Crear cuenta' });
    expect(within(form).getByText('Esta persona no tiene cuenta de usuario.')).toBeTruthy();
    // «Ana Pérez» suggests «aperez»: first initial and surname, without accents.
    expect((within(form).getByLabelText(/Usuario/) as HTMLInputElement).value).toBe('aperez');
    await choose('Roles', 'Soporte');
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    const enviado: CuentaCreate = { persona_id: 5, usuario: 'aperez', password: null, roles: [1], activo: true };
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/usuarios', enviado, expect.anything()));
    const dialog = await screen.findByRole('dialog', { name: 'Contraseña generada' });
    expect(dialog.textContent).toContain('Esta es la contraseña de aperez.');
    expect(within(dialog).getByTestId('password-generada').textContent).toBe('Kq7-mPz2-w8Xr');
    expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Cuenta creada', message: 'aperez' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Listo, ya la copié' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the account name and a short password with the contract, and shows the server’s field errors', async () => {
    show(personaDetalle(), { url: '/personas/5?tab=cuenta' });
    const form = await screen.findByRole('form', { name: 'Crear cuenta' });
    fireEvent.change(within(form).getByLabelText(/Usuario/), { target: { value: 'ana pérez' } });
    fireEvent.change(within(form).getByLabelText(/Contraseña inicial/), { target: { value: 'corta' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(form).findByText('Solo letras sin acentos, números, punto, guion y guion bajo')).toBeTruthy();
    expect(within(form).getByText('Mínimo 8 caracteres')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    http.post.mockRejectedValue(badRequest({ usuario: ['Ya existe una cuenta con ese nombre'] }));
    fireEvent.change(within(form).getByLabelText(/Usuario/), { target: { value: 'aperez' } });
    fireEvent.change(within(form).getByLabelText(/Contraseña inicial/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Crear cuenta' }));
    expect(await within(form).findByText('Ya existe una cuenta con ese nombre')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('tells an inactive person without an account that they need to be activated first', async () => {
    show(personaDetalle({ activo: false }), { url: '/personas/5?tab=cuenta' });
    expect(await screen.findByText('La persona está inactiva: actívela para darle una cuenta.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Crear cuenta' })).toBeNull();
  });

  it('shows the existing account and saves a change of name and roles', async () => {
    http.put.mockResolvedValue(ok(cuenta({ usuario: 'ana.perez' })));
    show(ana, { url: '/personas/5?tab=cuenta', cuentaActual: cuenta({ ultimo_ingreso: '2026-11-21T08:15:00' }) });
    expect(await screen.findByRole('heading', { name: 'aperez' })).toBeTruthy();
    expect(dato('Último ingreso')).toBe('21/11/2026 08:15');
    expect(dato('Sesiones abiertas')).toBe('2');
    expect(screen.getByText('Historial de la cuenta')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Cuenta de usuario' });
    const guardar = within(form).getByRole('button', { name: 'Guardar cuenta' });
    expect(guardar.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(form).getByLabelText(/Usuario/), { target: { value: 'ana.perez' } });
    await choose('Roles', 'Administración');
    fireEvent.click(guardar);
    const enviado: CuentaUpdate = { usuario: 'ana.perez', roles: [1, 2], activo: true };
    await waitFor(() => expect(http.put).toHaveBeenCalledWith('/api/usuarios/31', enviado, expect.anything()));
    expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Cuenta guardada', message: 'ana.perez' }));
  });

  it('deactivates the account once confirmed, saying its open sessions will close', async () => {
    http.put.mockResolvedValue(ok(cuenta({ activo: false })));
    show(ana, { url: '/personas/5?tab=cuenta', cuentaActual: cuenta() });
    fireEvent.click(await screen.findByRole('button', { name: 'Desactivar cuenta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desactivar cuenta' });
    expect(dialog.textContent).toContain(
      '¿Desactivar la cuenta aperez? No podrá ingresar y se cerrarán sus 2 sesiones abiertas.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Desactivar cuenta' }));
    const enviado: CuentaUpdate = { usuario: 'aperez', roles: [1], activo: false };
    await waitFor(() => expect(http.put).toHaveBeenCalledWith('/api/usuarios/31', enviado, expect.anything()));
  });

  it('resets the password once confirmed and shows the new one', async () => {
    const reseteada: CuentaConPassword = { ...cuenta({ sesiones_activas: 0 }), password_generada: 'Nv4-aaQ9-Lm2t' };
    http.post.mockResolvedValue(ok(reseteada));
    show(ana, { url: '/personas/5?tab=cuenta', cuentaActual: cuenta() });
    fireEvent.click(await screen.findByRole('button', { name: 'Restablecer contraseña' }));
    const confirm = await screen.findByRole('dialog', { name: 'Restablecer contraseña' });
    expect(confirm.textContent).toContain('¿Generar una contraseña nueva para aperez?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Restablecer contraseña' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/usuarios/31/password', undefined, expect.anything()),
    );
    expect(
      within(await screen.findByRole('dialog', { name: 'Contraseña generada' })).getByTestId('password-generada')
        .textContent,
    ).toBe('Nv4-aaQ9-Lm2t');
  });
});
