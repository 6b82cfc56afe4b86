// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Parametro, ParametroUpdate } from '@intranet/contract/areas/clientes';
import { renderUi } from '../../../components/testing.tsx';
import { answers, badRequest, choose, ok, watchNotifications } from '../../../test/fixtures.ts';
import { ParametrosGrid } from './ParametrosGrid.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const parametro = (over: Partial<Parametro> = {}): Parametro => ({
  id: 1,
  empresa_id: 3,
  servidor_id: null,
  grupo: 'Base de datos',
  clave: 'db.puerto',
  tipo: 'numero',
  valor: '1433',
  descripcion: 'Puerto del SQL Server',
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});
const lista = [
  parametro(),
  parametro({ id: 2, clave: 'db.password', tipo: 'secreto', valor: null, descripcion: null }),
  parametro({ id: 3, grupo: 'General', clave: 'usa.afip', tipo: 'booleano', valor: 'true', descripcion: null }),
  parametro({ id: 4, grupo: 'General', clave: 'ruta.backup', tipo: 'ruta', valor: 'D:\\Backups', descripcion: null }),
];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(answers({ '/api/empresas/3/parametros': lista }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const show = (puedeEditar = true) =>
  renderUi(createElement(ParametrosGrid, { clienteId: 3, servidorId: null, puedeEditar }));
const valor = (clave: string) => screen.getByTestId(`valor-${clave}`).textContent;
const row = (clave: string) => screen.getByText(clave).closest('tr') as HTMLElement;
const editar = async (clave: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Editar ${clave}` }));
  return within(row(clave)).getByLabelText('Valor');
};
const sent = (): [string, ParametroUpdate] => {
  const [url, body] = http.put.mock.calls[0] as [string, ParametroUpdate];
  return [url, body];
};

describe('ParametrosGrid', () => {
  it('shows the parameters by group, a yes/no as Sí or No and a secret masked', async () => {
    show();
    const base = await screen.findByRole('table', { name: 'Parámetros del grupo Base de datos' });
    expect(
      within(base)
        .getAllByRole('row')
        .map((r) => [...r.children].slice(0, 4).map((cell) => cell.textContent)),
    ).toEqual([
      ['Clave', 'Tipo', 'Valor', 'Descripción'],
      ['db.puerto', 'Número', '1433', 'Puerto del SQL Server'],
      ['db.password', 'Secreto', '••••••••', ''],
    ]);
    expect(screen.getByRole('table', { name: 'Parámetros del grupo General' })).toBeTruthy();
    expect(valor('usa.afip')).toBe('Sí');
    expect(valor('ruta.backup')).toBe('D:\\Backups');
  });

  it('offers no change to those who may only read, nor shows a secret', async () => {
    show(false);
    await screen.findByRole('table', { name: 'Parámetros del grupo General' });
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(valor('db.password')).toBe('••••••••');
  });

  it('edits a value in place and saves the parameter with it', async () => {
    http.put.mockResolvedValue(ok(parametro({ valor: '1434' })));
    show();
    const input = await editar('db.puerto');
    expect((input as HTMLInputElement).value).toBe('1433');
    fireEvent.change(input, { target: { value: ' 1434 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db.puerto' }));
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([
      '/api/empresas/3/parametros/1',
      {
        grupo: 'Base de datos',
        clave: 'db.puerto',
        tipo: 'numero',
        valor: '1434',
        descripcion: 'Puerto del SQL Server',
      },
    ]);
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Parámetro guardado', message: 'db.puerto' }),
      ),
    );
    await waitFor(() => expect(within(row('db.puerto')).queryByLabelText('Valor')).toBeNull());
  });

  it('saves with Enter and drops the change with Cancelar', async () => {
    http.put.mockResolvedValue(ok(parametro({ id: 4 })));
    show();
    const input = await editar('ruta.backup');
    fireEvent.change(input, { target: { value: '\\\\srv\\backups' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(within(row('ruta.backup')).queryByLabelText('Valor')).toBeNull();
    expect(valor('ruta.backup')).toBe('D:\\Backups');
    expect(http.put).not.toHaveBeenCalled();

    const again = await editar('ruta.backup');
    expect((again as HTMLInputElement).value).toBe('D:\\Backups');
    fireEvent.change(again, { target: { value: '\\\\srv\\backups' } });
    fireEvent.keyDown(again, { key: 'Enter' });
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(1));
    expect(sent()[1]).toEqual({
      grupo: 'General',
      clave: 'ruta.backup',
      tipo: 'ruta',
      valor: '\\\\srv\\backups',
      descripcion: null,
    });
  });

  it('shows the contract’s message under the value that does not fit its type, and sends nothing', async () => {
    show();
    const input = await editar('db.puerto');
    fireEvent.change(input, { target: { value: 'mil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db.puerto' }));
    expect(await within(row('db.puerto')).findByText('Debe ser un número')).toBeTruthy();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(within(row('db.puerto')).getByText('Debe ser un número')).toBeTruthy());
    expect(http.put).not.toHaveBeenCalled();
  });

  it('says which of the row’s other fields the contract refuses, as the server would', async () => {
    http.get.mockImplementation(answers({ '/api/empresas/3/parametros': [parametro({ clave: 'db puerto' })] }));
    show();
    const input = await editar('db puerto');
    fireEvent.change(input, { target: { value: '1434' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db puerto' }));
    expect(
      await within(row('db puerto')).findByText('Clave: Solo letras, números, punto, guion y guion bajo, sin espacios'),
    ).toBeTruthy();
    expect(http.put).not.toHaveBeenCalled();
  });

  it('shows the server’s field error under the value, or its message when it names no field on screen', async () => {
    http.put.mockRejectedValueOnce(badRequest({ valor: ['El puerto ya lo usa otro servicio'] }));
    http.put.mockRejectedValueOnce(
      badRequest({ clave: ['Esa clave ya existe'] }, 'Ya existe un parámetro con esa clave'),
    );
    show();
    const input = await editar('db.puerto');
    fireEvent.change(input, { target: { value: '80' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db.puerto' }));
    expect(await within(row('db.puerto')).findByText('El puerto ya lo usa otro servicio')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db.puerto' }));
    expect(await within(row('db.puerto')).findByText(/Ya existe un parámetro con esa clave/)).toBeTruthy();
    expect(within(row('db.puerto')).getByLabelText('Valor')).toBeTruthy();
    expect(notified).not.toHaveBeenCalled();
  });

  it('chooses Sí or No for a yes/no parameter', async () => {
    http.put.mockResolvedValue(ok(parametro({ id: 3 })));
    show();
    await editar('usa.afip');
    await choose('Valor', 'No', row('usa.afip'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar usa.afip' }));
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(1));
    expect(sent()).toEqual([
      '/api/empresas/3/parametros/3',
      { grupo: 'General', clave: 'usa.afip', tipo: 'booleano', valor: 'false', descripcion: null },
    ]);
  });

  it('keeps a secret when its new value is left empty, and replaces it when one is typed', async () => {
    http.put.mockResolvedValue(ok(parametro({ id: 2, tipo: 'secreto', valor: null })));
    show();
    const input = await editar('db.password');
    expect((input as HTMLInputElement).value).toBe('');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('placeholder')).toBe('Nuevo valor (vacío: conservar el actual)');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db.password' }));
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(1));
    expect(sent()[1]).toEqual({ grupo: 'Base de datos', clave: 'db.password', tipo: 'secreto', descripcion: null });
    await waitFor(() => expect(valor('db.password')).toBe('••••••••'));

    const nuevo = await editar('db.password');
    fireEvent.change(nuevo, { target: { value: 's3cr3t' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar db.password' }));
    await waitFor(() => expect(http.put).toHaveBeenCalledTimes(2));
    expect(http.put.mock.calls[1]?.[1]).toEqual({
      grupo: 'Base de datos',
      clave: 'db.password',
      tipo: 'secreto',
      valor: 's3cr3t',
      descripcion: null,
    });
    await waitFor(() => expect(valor('db.password')).toBe('••••••••'));
  });

  it('reveals a secret on request and masks it again', async () => {
    http.post.mockResolvedValue(ok({ valor: 's3cr3t' }));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Mostrar db.password' }));
    await waitFor(() => expect(valor('db.password')).toBe('s3cr3t'));
    expect(http.post).toHaveBeenCalledWith('/api/empresas/3/parametros/2/revelar', {}, expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar db.password' }));
    expect(valor('db.password')).toBe('••••••••');
  });

  it('adds a parameter, the server’s field error shown on its field', async () => {
    http.post.mockRejectedValueOnce(badRequest({ clave: ['Ya existe un parámetro con esa clave'] }));
    http.post.mockResolvedValueOnce(ok(parametro({ id: 5, clave: 'db.nombre', tipo: 'texto', valor: 'PHYSIS' })));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Agregar parámetro' }));
    const form = screen.getByRole('form', { name: 'Nuevo parámetro' });
    fireEvent.change(within(form).getByLabelText(/Clave/), { target: { value: 'db.nombre' } });
    fireEvent.change(within(form).getByLabelText('Valor'), { target: { value: 'PHYSIS' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Ya existe un parámetro con esa clave')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Nuevo parámetro' })).toBeNull());
    expect(http.post).toHaveBeenLastCalledWith(
      '/api/empresas/3/parametros',
      {
        servidor_id: null,
        grupo: 'Base de datos',
        clave: 'db.nombre',
        tipo: 'texto',
        valor: 'PHYSIS',
        descripcion: null,
      },
      expect.anything(),
    );
  });
});
