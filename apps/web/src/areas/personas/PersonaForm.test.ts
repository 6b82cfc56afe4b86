// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersonaInput } from '@intranet/contract/areas/personas';
import { renderUi } from '../../components/testing.tsx';
import { persona, personaDetalle, personaOpciones } from '../../test/builders/personas.ts';
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
import { PersonaEditar, PersonaNueva } from './PersonaForm.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
  http.get.mockImplementation(
    answers({
      '/api/personas/opciones?': personaOpciones,
      '/api/personas/5': personaDetalle({ empresa_id: 3, notas: 'Turno tarde' }),
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const routes = [stubRoute('/personas/:id', 'Detalle de la persona')];
const type = (label: string | RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('PersonaForm', () => {
  it('shows the contract’s Spanish errors under their fields and sends nothing', async () => {
    renderUi(createElement(PersonaNueva), { url: '/personas/nueva', routes });
    type('Email', 'ana@');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findAllByText('Este campo es requerido')).toHaveLength(2);
    expect(screen.getByText('Email inválido')).toBeTruthy();
    expect(screen.getByLabelText(/Apellido/).getAttribute('aria-invalid')).toBe('true');
    expect(http.post).not.toHaveBeenCalled();
  });

  it('creates the person with their boss, tells the user and opens them', async () => {
    http.post.mockResolvedValue(ok(persona({ id: 8, nombre_completo: 'Sosa, Marta' })));
    renderUi(createElement(PersonaNueva), { url: '/personas/nueva', routes });
    type(/Nombre/, ' Marta ');
    type(/Apellido/, 'Sosa');
    type('Email', 'Marta.Sosa@Physis.com.ar');
    type('Interno', '230');
    await choose('Responsable', 'Gómez, Laura');
    fireEvent.click(screen.getByRole('switch', { name: 'Activa' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle de la persona')).toBeTruthy();
    const enviado: PersonaInput = {
      nombre: 'Marta',
      apellido: 'Sosa',
      email: 'marta.sosa@physis.com.ar',
      telefono: null,
      interno: '230',
      puesto: null,
      area: null,
      responsable_id: 2,
      legajo: null,
      activo: false,
      empresa_id: null,
      notas: null,
    };
    expect(http.post).toHaveBeenCalledWith('/api/personas', enviado, expect.anything());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Persona guardada', message: 'Se guardó Sosa, Marta.' }),
    );
  });

  it('puts the server’s 400 field errors on their fields', async () => {
    http.post.mockRejectedValue(badRequest({ legajo: ['Ya existe una persona con ese legajo'] }));
    renderUi(createElement(PersonaNueva), { url: '/personas/nueva', routes });
    type(/Nombre/, 'Marta');
    type(/Apellido/, 'Sosa');
    type('Legajo', 'L-0305');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ya existe una persona con ese legajo')).toBeTruthy();
    expect(screen.getByLabelText('Legajo').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(notified).not.toHaveBeenCalled();
  });

  it('edits the person loaded, keeping their client link, and does not offer them as their own boss', async () => {
    http.put.mockResolvedValue(ok(persona()));
    renderUi(createElement(PersonaEditar), { url: '/personas/5/editar', path: '/personas/:id/editar', routes });
    expect(await screen.findByRole('heading', { name: 'Editar Pérez, Ana' })).toBeTruthy();
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: 'Responsable' }) as HTMLInputElement).value).toBe('Gómez, Laura'),
    );
    expect(optionNames(await openSelect('Responsable'))).toEqual(['Gómez, Laura', 'Díaz, Bruno (inactiva)']);
    type('Puesto', 'Líder de soporte');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Detalle de la persona')).toBeTruthy();
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/personas/5',
        expect.objectContaining({
          nombre: 'Ana',
          apellido: 'Pérez',
          puesto: 'Líder de soporte',
          responsable_id: 2,
          empresa_id: 3,
          notas: 'Turno tarde',
          activo: true,
        }),
        expect.anything(),
      ),
    );
  });
});
