// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClienteInput } from '@intranet/contract/areas/clientes';
import type { PersonaOpcion } from '@intranet/contract/areas/personas';
import { renderUi } from '../../../components/testing.tsx';
import { cliente } from '../../../test/builders/clientes.ts';
import { answers, badRequest, choose, ok, stubRoute, watchNotifications } from '../../../test/fixtures.ts';
import { ClienteEditar, ClienteNuevo } from './ClienteForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const contactos: PersonaOpcion[] = [
  { id: 7, nombre_completo: 'Ruiz, Carlos', activo: true },
  { id: 8, nombre_completo: 'Sosa, Marta', activo: true },
];

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(answers({ '/api/personas/opciones?': contactos, '/api/empresas/3': cliente() }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const routes = [stubRoute('/clientes/:id', 'Detalle del cliente')];
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('ClienteForm', () => {
  it('checks the CUIT’s length and check digit, and the email, with the contract', async () => {
    renderUi(createElement(ClienteNuevo), { url: '/clientes/nuevo', routes });
    type(/CUIT/, '30-7123');
    type('Email', 'administracion@');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es requerido')).toBeTruthy();
    expect(screen.getByText('El CUIT tiene 11 dígitos (nn-nnnnnnnn-n)')).toBeTruthy();
    expect(screen.getByText('Email inválido')).toBeTruthy();
    type(/CUIT/, '30-71234567-3');
    fireEvent.blur(screen.getByLabelText(/CUIT/));
    expect(await screen.findByText('El dígito verificador del CUIT no es válido')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the client with the CUIT’s digits, the contact chosen and empty notes, then opens it', async () => {
    http.post.mockResolvedValue(ok(cliente({ id: 12, razon_social: 'Molinos del Sur S.A.' })));
    renderUi(createElement(ClienteNuevo), { url: '/clientes/nuevo', routes });
    type(/Razón social/, 'Molinos del Sur S.A.');
    type(/CUIT/, '30-71234567-1');
    await choose(/Condición IVA/, 'Exento');
    await choose('Provincia', 'Entre Ríos');
    await choose('Contacto', 'Sosa, Marta');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle del cliente')).toBeTruthy();
    const enviado: ClienteInput = {
      razon_social: 'Molinos del Sur S.A.',
      nombre_fantasia: null,
      cuit: '30712345671',
      condicion_iva: 'exento',
      email: null,
      telefono: null,
      domicilio: null,
      localidad: null,
      provincia: 'Entre Ríos',
      activo: true,
      contacto_id: 8,
      notas: { type: 'doc', content: [{ type: 'paragraph', attrs: { align: null } }] },
    };
    expect(http.post).toHaveBeenCalledWith('/api/empresas', enviado, expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Cliente guardado', message: 'Molinos del Sur S.A.' }),
    );
  });

  it('shows the server’s 400 on the CUIT field', async () => {
    http.post.mockRejectedValue(badRequest({ cuit: ['Ya existe un cliente con ese CUIT'] }));
    renderUi(createElement(ClienteNuevo), { url: '/clientes/nuevo', routes });
    type(/Razón social/, 'Agro del Litoral S.A.');
    type(/CUIT/, '30712345671');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe un cliente con ese CUIT')).toBeTruthy();
    expect(screen.getByLabelText(/CUIT/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Detalle del cliente')).toBeNull();
  });

  it('edits the client loaded, the CUIT shown with dashes and the notes kept', async () => {
    http.put.mockResolvedValue(ok(cliente()));
    renderUi(createElement(ClienteEditar), { url: '/clientes/3/editar', path: '/clientes/:id/editar', routes });
    expect(await screen.findByRole('heading', { name: 'Editar Agro del Litoral S.A.' })).toBeTruthy();
    expect((screen.getByLabelText(/CUIT/) as HTMLInputElement).value).toBe('30-71234567-1');
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Contacto' }) as HTMLInputElement).value).toBe('Ruiz, Carlos'),
    );
    type('Localidad', 'Funes');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle del cliente')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/empresas/3',
      expect.objectContaining({
        cuit: '30712345671',
        localidad: 'Funes',
        provincia: 'Santa Fe',
        contacto_id: 7,
        notas: cliente().notas,
      }),
      expect.anything(),
    );
  });
});
