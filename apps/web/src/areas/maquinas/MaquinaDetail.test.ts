// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AsignarInput, DevolverInput, MaquinaDetalle } from '@intranet/contract/areas/maquinas';
import type { PersonaOpcion } from '@intranet/contract/areas/personas';
import { renderUi } from '../../components/testing.tsx';
import { asignacion, maquinaDetalle } from '../../test/builders/maquinas.ts';
import { answers, badRequest, choose, ok, stubRoute, watchNotifications } from '../../test/fixtures.ts';
import { MaquinaDetail } from './MaquinaDetail.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../core/permisos/usePermiso.ts', () => ({ usePermiso: () => true }));

const personas: PersonaOpcion[] = [
  { id: 5, nombre_completo: 'Ana Pérez', activo: true },
  { id: 6, nombre_completo: 'Bruno Díaz', activo: true },
];
const asignada = maquinaDetalle({
  estado: 'en_uso',
  persona_id: 5,
  persona_nombre: 'Ana Pérez',
  asignada_desde: '2026-01-10',
  garantia_hasta: '2025-01-31',
  garantia_vencida: true,
  asignaciones: [
    asignacion({ id: 2, notas: 'Con cargador' }),
    asignacion({
      id: 1,
      persona_id: 6,
      persona_nombre: 'Bruno Díaz',
      desde: '2025-02-01',
      hasta: '2026-01-09',
      devuelto_por: 'Admin',
    }),
  ],
});
const hoy = dayjs().format('YYYY-MM-DD');

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

const show = (detalle: MaquinaDetalle, url = '/maquinas/1') => {
  http.get.mockImplementation(answers({ '/api/maquinas/1': detalle, '/api/personas/opciones?': personas }));
  return renderUi(createElement(MaquinaDetail), {
    url,
    path: '/maquinas/:id',
    routes: [stubRoute('/maquinas', 'Lista de máquinas')],
  });
};
/** The value shown under a label of the detail grid. */
const dato = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('MaquinaDetail', () => {
  it('shows the machine’s data, who holds it since when and whether the warranty ended', async () => {
    show(asignada);
    expect(await screen.findByRole('heading', { level: 1, name: /NB-ANA/ })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('En uso');
    expect(screen.getByRole('link', { name: 'Ana Pérez' }).getAttribute('href')).toBe('/personas/5');
    expect(dato('Asignada desde')).toBe('10/01/2026');
    expect(dato('RAM (GB)')).toBe('16 GB');
    expect(dato('Sistema operativo')).toBe('Windows 11 Pro');
    expect(dato('Garantía hasta')).toBe('31/01/2025Vencida');
    expect(dato('Notas')).toBe('—');
    expect(screen.getByRole('link', { name: 'Editar' }).getAttribute('href')).toBe('/maquinas/1/editar');
    // Assigned: it is returned, not assigned again.
    expect(screen.getByRole('button', { name: 'Devolver' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Asignar' })).toBeNull();
  });

  it('lists who had the machine, the current holder marked', async () => {
    show(asignada, '/maquinas/1?tab=asignaciones');
    const table = await screen.findByRole('table', { name: 'Historial de asignaciones' });
    expect(screen.getByRole('tab', { name: 'Asignaciones (2)' }).getAttribute('aria-selected')).toBe('true');
    const [, actual, anterior] = within(table).getAllByRole('row');
    expect(actual?.textContent).toBe('Ana Pérez10/01/2026ActualCon cargadorAdmin');
    expect(anterior?.textContent).toBe('Bruno Díaz01/02/202509/01/2026—AdminAdmin');
    expect(within(anterior!).getByRole('link', { name: 'Bruno Díaz' }).getAttribute('href')).toBe('/personas/6');
  });

  it('assigns an available machine to an active person from today', async () => {
    http.post.mockResolvedValue(ok(asignada));
    show(maquinaDetalle());
    fireEvent.click(await screen.findByRole('button', { name: 'Asignar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar NB-ANA' });
    expect((within(dialog).getByLabelText(/Fecha/) as HTMLInputElement).value).toBe(dayjs(hoy).format('DD/MM/YYYY'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await within(dialog).findByText('Elija una persona')).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();

    await choose(/Persona/, 'Ana Pérez');
    // Only active people are offered.
    expect(http.get).toHaveBeenCalledWith('/api/personas/opciones?activo=true', expect.anything(), expect.anything());
    fireEvent.change(within(dialog).getByLabelText('Notas'), { target: { value: 'Con cargador' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    const enviado: AsignarInput = { persona_id: 5, fecha: hoy, notas: 'Con cargador' };
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/maquinas/1/asignar', enviado, expect.anything()));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Máquina asignada', message: 'NB-ANA → Ana Pérez' }),
    );
  });

  it('keeps the assign dialog open with the server’s field error', async () => {
    http.post.mockRejectedValue(badRequest({ persona_id: ['La persona está inactiva'] }));
    show(maquinaDetalle());
    fireEvent.click(await screen.findByRole('button', { name: 'Asignar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Asignar NB-ANA' });
    await choose(/Persona/, 'Bruno Díaz');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Asignar' }));
    expect(await within(dialog).findByText('La persona está inactiva')).toBeTruthy();
    expect(notified).not.toHaveBeenCalled();
  });

  it('returns an assigned machine, leaving it in the state chosen', async () => {
    http.post.mockResolvedValue(ok(maquinaDetalle({ estado: 'reparacion' })));
    show(asignada);
    fireEvent.click(await screen.findByRole('button', { name: 'Devolver' }));
    const dialog = await screen.findByRole('dialog', { name: 'Devolver NB-ANA' });
    expect(within(dialog).getByText('Se cierra la asignación a Ana Pérez.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Queda en estado/ }) as HTMLInputElement).value).toBe(
      'Disponible',
    );
    await choose(/Queda en estado/, 'Reparación');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver' }));
    const enviado: DevolverInput = { fecha: hoy, estado: 'reparacion', notas: null };
    await waitFor(() => expect(http.post).toHaveBeenCalledWith('/api/maquinas/1/devolver', enviado, expect.anything()));
    expect(notified).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Máquina devuelta', message: 'NB-ANA: Reparación' }),
    );
  });

  it('does not let a machine out of service be assigned', async () => {
    show(maquinaDetalle({ estado: 'baja' }));
    expect((await screen.findByRole('button', { name: 'Asignar' })).hasAttribute('disabled')).toBe(true);
  });

  it('deletes the machine once confirmed and goes back to the list', async () => {
    http.delete.mockResolvedValue(ok(null));
    const { router } = show(maquinaDetalle());
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar máquina' });
    expect(dialog.textContent).toContain('¿Eliminar la máquina NB-ANA? Esta acción no se puede deshacer.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Lista de máquinas')).toBeTruthy();
    expect(http.delete).toHaveBeenCalledWith('/api/maquinas/1', expect.anything());
    expect(router.state.location.pathname).toBe('/maquinas');
    expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Máquina eliminada', message: 'NB-ANA' }));
  });
});
