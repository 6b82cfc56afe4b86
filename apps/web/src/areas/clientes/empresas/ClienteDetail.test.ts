// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Cliente, ServidorClienteInput } from '@intranet/contract/areas/clientes';
import { renderUi } from '../../../components/testing.tsx';
import { cliente, servidorCliente } from '../../../test/builders/clientes.ts';
import { persona } from '../../../test/builders/personas.ts';
import { answers, badRequest, ok, stubRoute, watchNotifications } from '../../../test/fixtures.ts';
import { ClienteDetail } from './ClienteDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const contactos = [
  persona({
    id: 7,
    nombre: 'Carlos',
    apellido: 'Ruiz',
    nombre_completo: 'Ruiz, Carlos',
    puesto: 'Gerente',
    email: 'cruiz@agrolit.com.ar',
    telefono: '341 555-0300',
    empresa_id: 3,
  }),
  persona({
    id: 8,
    nombre: 'Marta',
    apellido: 'Sosa',
    nombre_completo: 'Sosa, Marta',
    puesto: 'Contadora',
    email: null,
    telefono: null,
    empresa_id: 3,
  }),
];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  permisos.clear();
  permisos.add('CLIENTES#EDITAR');
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const show = (url = '/clientes/3', detalle: Cliente = cliente()) => {
  http.get.mockImplementation(
    answers({
      '/api/empresas/3': detalle,
      '/api/empresas/3/servidores': [servidorCliente()],
      '/api/personas?': { items: contactos, total: 2 },
    }),
  );
  return renderUi(createElement(ClienteDetail), {
    url,
    path: '/clientes/:id',
    routes: [stubRoute('/clientes/lista', 'Lista de clientes')],
  });
};
const dato = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('ClienteDetail', () => {
  it('shows the client’s data and notes, and its tabs', async () => {
    show('/clientes/3', cliente({ activo: false }));
    const titulo = await screen.findByRole('heading', { level: 1, name: /Agro del Litoral S.A./ });
    expect(titulo.textContent).toContain('30-71234567-1');
    expect(titulo.textContent).toContain('Inactivo');
    expect(dato('Condición IVA')).toBe('Responsable inscripto');
    expect(dato('Contacto')).toBe('Ruiz, Carlos');
    expect(dato('Fecha de alta')).toBe('01/04/2019');
    expect(dato('Próximo vencimiento')).toBe('Sin vencimientos');
    expect(screen.getByRole('region', { name: 'Notas' }).textContent).toBe('Cierre contable en junio');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Datos',
      'Servidores (1)',
      'Parámetros',
      'Vencimientos',
      'Actualizaciones',
      'Contactos',
      'Historial',
    ]);
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/clientes/3/editar');
  });

  it('offers no edit or delete to those who may only read', async () => {
    permisos.clear();
    show();
    await screen.findByRole('heading', { level: 1, name: /Agro del Litoral S.A./ });
    expect(screen.queryByRole('link', { name: 'Editar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Eliminar' })).toBeNull();
  });

  it('lists the client’s servers with their address and DNS names', async () => {
    show('/clientes/3?tab=servidores');
    const card = await screen.findByRole('region', { name: 'SRV-AGRO' });
    expect(within(card).getByText('Physis 8.4.2')).toBeTruthy();
    expect(within(card).getByText('10.1.0.5:1433')).toBeTruthy();
    expect(within(card).getByText('physis.agrolit.com.ar')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Parámetros' }).getAttribute('href')).toBe(
      '/clientes/parametros?empresa=3&servidor=11',
    );
  });

  it('adds a server: the contract checks port and version, then it is saved with its DNS names', async () => {
    http.post.mockResolvedValue(ok(servidorCliente({ id: 12, nombre: 'SRV-AGRO-2' })));
    show('/clientes/3?tab=servidores');
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar servidor' }));
    const form = screen.getByRole('form', { name: 'Nuevo servidor' });
    const type = (label: string | RegExp, value: string) =>
      fireEvent.change(within(form).getByLabelText(label), { target: { value } });
    type(/^Nombre \*$/, 'SRV-AGRO-2');
    type('Puerto', '70000');
    type('Versión Physis', '8.4.x');
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('El puerto va de 1 a 65535')).toBeTruthy();
    expect(within(form).getByText('Versión inválida (por ejemplo 8.4.2)')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    type('Puerto', '1434');
    type('Versión Physis', '8.5.0');
    const dns = within(form).getByLabelText('Nombres DNS');
    fireEvent.change(dns, { target: { value: 'erp.agrolit.com.ar' } });
    fireEvent.keyDown(dns, { key: 'Enter' });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    const enviado: ServidorClienteInput = {
      nombre: 'SRV-AGRO-2',
      hostname: null,
      ip: null,
      puerto: 1434,
      so: null,
      motor_bd: null,
      instancia_bd: null,
      version_physis: '8.5.0',
      notas: null,
      dnss: ['erp.agrolit.com.ar'],
    };
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/empresas/3/servidores', enviado, expect.anything()),
    );
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Servidor guardado', message: 'SRV-AGRO-2' }),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo servidor' })).toBeNull());
  });

  it('edits a server in place and shows the server’s field error on it', async () => {
    http.put.mockRejectedValue(badRequest({ 'dnss.0': ['Ese nombre ya lo usa otro servidor'] }));
    show('/clientes/3?tab=servidores');
    fireEvent.click(await screen.findByRole('button', { name: 'Editar SRV-AGRO' }));
    const form = screen.getByRole('form', { name: 'Editar servidor SRV-AGRO' });
    fireEvent.change(within(form).getByLabelText('Instancia'), { target: { value: 'PHYSIS2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Ese nombre ya lo usa otro servidor')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/empresas/3/servidores/11',
      expect.objectContaining({ instancia_bd: 'PHYSIS2', dnss: ['physis.agrolit.com.ar'] }),
      expect.anything(),
    );
  });

  it('lists the client’s contacts, the main one marked', async () => {
    show('/clientes/3?tab=contactos');
    const table = await screen.findByRole('table', { name: 'Personas de este cliente' });
    expect(http.get).toHaveBeenCalledWith(
      '/api/personas?empresa_id=3&size=200&sort=apellido',
      expect.anything(),
      expect.anything(),
    );
    const [, carlos, marta] = within(table).getAllByRole('row');
    expect(carlos?.textContent).toBe('Ruiz, Carlos Contacto principalGerentecruiz@agrolit.com.ar341 555-0300');
    expect(within(carlos!).getByRole('link', { name: 'Ruiz, Carlos' }).getAttribute('href')).toBe('/personas/7');
    expect(marta?.textContent).not.toContain('Contacto principal');
  });

  it('deletes the client once confirmed and goes back to the list', async () => {
    http.delete.mockResolvedValue(ok(null));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar cliente' });
    expect(dialog.textContent).toContain('¿Eliminar "Agro del Litoral S.A." con sus servidores y parámetros?');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Lista de clientes')).toBeTruthy();
    expect(http.delete).toHaveBeenCalledWith('/api/empresas/3', expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Cliente eliminado', message: 'Agro del Litoral S.A.' }),
    );
  });

  it('stays on the client when the server refuses to delete it, saying why', async () => {
    http.delete.mockRejectedValue(new Error('El cliente tiene contactos'));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Eliminar cliente' })).getByRole('button', { name: 'Eliminar' }),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          title: 'No se pudo eliminar el cliente',
          message: 'El cliente tiene contactos',
        }),
      ),
    );
    expect(screen.queryByText('Lista de clientes')).toBeNull();
  });
});
