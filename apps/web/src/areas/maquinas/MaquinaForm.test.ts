// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MaquinaInput } from '@intranet/contract/areas/maquinas';
import { renderUi } from '../../components/testing.tsx';
import { maquina, maquinaDetalle } from '../../test/builders/maquinas.ts';
import {
  answers,
  badRequest,
  choose,
  ok,
  openSelect,
  optionNames,
  stubRoute,
  watchNotifications,
} from '../../test/fixtures.ts';
import { MaquinaEditar, MaquinaNueva } from './MaquinaForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const routes = [stubRoute('/maquinas/:id', 'Detalle de la máquina')];
const nueva = () => renderUi(createElement(MaquinaNueva), { url: '/maquinas/nueva', routes });
const editar = () =>
  renderUi(createElement(MaquinaEditar), { url: '/maquinas/1/editar', path: '/maquinas/:id/editar', routes });
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('MaquinaForm', () => {
  it('shows the contract’s Spanish errors under their fields and sends nothing', async () => {
    nueva();
    type('MAC', '3C:52:82:0A');
    type('RAM (GB)', '-8');
    type('IP', '192.168.0.300');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Este campo es requerido')).toBeTruthy();
    expect(screen.getByText('MAC inválida (seis pares hexadecimales, p. ej. 3C:52:82:0A:1B:2C)')).toBeTruthy();
    expect(screen.getByText('No puede ser negativo')).toBeTruthy();
    expect(screen.getByText('Dirección IP inválida')).toBeTruthy();
    expect(screen.getByLabelText(/Nombre/).getAttribute('aria-invalid')).toBe('true');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the machine with the contract’s output, tells the user and opens it', async () => {
    http.post.mockResolvedValue(ok(maquina({ id: 9, nombre: 'NB-NUEVA' })));
    nueva();
    type(/Nombre/, '  NB-NUEVA ');
    await choose(/Tipo/, 'PC');
    // A new machine is never «En uso»: that comes from «Asignar».
    expect(optionNames(await openSelect(/Estado/))).toEqual(['Disponible', 'Reparación', 'Baja']);
    fireEvent.click(screen.getByRole('option', { name: 'Reparación', hidden: true }));
    type('MAC', '3c-52-82-0a-1b-2c');
    type('RAM (GB)', '32');
    type('Fecha de compra', '2026-11-01');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle de la máquina')).toBeTruthy();
    const enviado: MaquinaInput = {
      nombre: 'NB-NUEVA',
      nro_inventario: null,
      serie: null,
      tipo: 'pc',
      fabricante: null,
      modelo: null,
      so: null,
      so_version: null,
      cpu: null,
      ram_gb: 32,
      disco_gb: null,
      ip: null,
      mac: '3C:52:82:0A:1B:2C',
      ubicacion: null,
      estado: 'reparacion',
      fecha_compra: '2026-11-01',
      garantia_hasta: null,
      notas: null,
    };
    expect(http.post).toHaveBeenCalledWith('/api/maquinas', enviado, expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Máquina guardada', message: 'Se guardó la máquina NB-NUEVA.' }),
    );
  });

  it('puts the server’s 400 field errors on their fields and the rest above the form', async () => {
    http.post.mockRejectedValueOnce(
      badRequest({
        nro_inventario: ['Ya existe una máquina con ese número de inventario'],
        'otro.campo': ['No permitido'],
      }),
    );
    nueva();
    type(/Nombre/, 'NB-NUEVA');
    type('Nº de inventario', 'INV-0042');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe una máquina con ese número de inventario')).toBeTruthy();
    expect(screen.getByLabelText('Nº de inventario').getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('No se pudo guardar');
    expect(alert.textContent).toContain('Datos inválidos otro.campo: No permitido');
    expect(screen.queryByText('Detalle de la máquina')).toBeNull();
    expect(notified).not.toHaveBeenCalled();
  });

  it('edits the machine it loaded and saves it whole with PUT', async () => {
    http.get.mockImplementation(answers({ '/api/maquinas/1': maquinaDetalle({ notas: 'Cargador nuevo' }) }));
    http.put.mockResolvedValue(ok(maquina({ ubicacion: 'Oficina Rosafé' })));
    editar();
    expect(await screen.findByRole('heading', { name: 'Editar máquina NB-ANA' })).toBeTruthy();
    expect((screen.getByLabelText('MAC') as HTMLInputElement).value).toBe('3C:52:82:0A:1B:2C');
    expect((screen.getByLabelText('RAM (GB)') as HTMLInputElement).value).toBe('16');
    type('Ubicación', 'Oficina Rosafé');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle de la máquina')).toBeTruthy();
    expect(http.put).toHaveBeenCalledWith(
      '/api/maquinas/1',
      expect.objectContaining({
        nombre: 'NB-ANA',
        ubicacion: 'Oficina Rosafé',
        ram_gb: 16,
        notas: 'Cargador nuevo',
        garantia_hasta: '2027-03-01',
        estado: 'disponible',
      }),
      expect.anything(),
    );
  });

  it('keeps an assigned machine «En uso»: its state cannot be changed in the form', async () => {
    http.get.mockImplementation(
      answers({
        '/api/maquinas/1': maquinaDetalle({
          estado: 'en_uso',
          persona_id: 5,
          persona_nombre: 'Ana Pérez',
          asignada_desde: '2026-01-10',
        }),
      }),
    );
    editar();
    const estado = (await screen.findByRole('textbox', { name: /Estado/ })) as HTMLInputElement;
    expect(estado.value).toBe('En uso');
    expect(estado.disabled).toBe(true);
    expect(screen.getByText('Asignada: cambia con «Devolver».')).toBeTruthy();
  });

  it('says so when the machine to edit does not exist', async () => {
    http.get.mockRejectedValue(new Error('No encontrado'));
    editar();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se encontró la máquina.');
    expect(alert.textContent).toContain('No encontrado');
  });
});
