// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing.tsx';
import { HistoryTab } from './HistoryTab.tsx';

const get = vi.hoisted(() => vi.fn());
vi.mock('../../core/http/http.ts', () => ({ http: { get } }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => `http://api${path}` }));

afterEach(() => {
  cleanup();
  get.mockReset();
});

const rows = [
  {
    id: 2,
    fecha: '2026-11-21T14:05:00',
    usuario_nombre: 'Técnico Demo',
    accion: 'modificar',
    entidad: 'servidor',
    entidad_id: '7',
    antes: { nombre: 'web-01', estado: 'activo', actualizado: 'a' },
    despues: { nombre: 'web-01', estado: 'baja', actualizado: 'b' },
  },
  {
    id: 1,
    fecha: '2026-11-20T09:30:00',
    usuario_nombre: null,
    accion: 'crear',
    entidad: 'servidor',
    entidad_id: '7',
    antes: null,
    despues: { nombre: 'web-01', estado: 'activo' },
  },
];

describe('HistoryTab', () => {
  it('asks for the record history and shows each change, newest first', async () => {
    get.mockResolvedValue({ error: null, datos: { items: rows, total: 2 } });
    renderUi(createElement(HistoryTab, { entidad: 'servidor', id: 7, labels: { estado: 'Estado' } }));
    const table = await screen.findByRole('table', { name: 'Historial de cambios' });
    expect(get.mock.calls[0]?.[0]).toBe('http://api/api/auditoria?entidad=servidor&id=7&page=1&size=20');
    const [, first, second] = within(table).getAllByRole('row');
    expect(first?.textContent).toContain('21/11/2026 14:05');
    expect(first?.textContent).toContain('Técnico Demo');
    expect(first?.textContent).toContain('Modificación');
    expect(first?.textContent).toContain('Estado: activo → baja');
    expect(first?.textContent).not.toContain('actualizado');
    expect(second?.textContent).toContain('20/11/2026 09:30');
    expect(second?.textContent).toContain('Sistema');
    expect(second?.textContent).toContain('Creación');
    expect(second?.textContent).toContain('Nombre: web-01');
  });

  it('on a phone, shows each change as a card: when, who, what, and the fields', async () => {
    get.mockResolvedValue({ error: null, datos: { items: rows, total: 2 } });
    renderUi(createElement(HistoryTab, { entidad: 'servidor', id: 7, labels: { estado: 'Estado' } }), { ancho: 390 });
    const lista = await screen.findByRole('list', { name: 'Historial de cambios' });
    expect(screen.queryByRole('table')).toBeNull();
    const [first, second] = within(lista).getAllByRole('listitem');
    expect(first?.textContent).toContain('21/11/2026 14:05');
    expect(
      within(first!)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual(['Técnico Demo', 'Modificación', 'Estado: activo → baja']);
    expect(second?.textContent).toContain('20/11/2026 09:30');
    expect(
      within(second!)
        .getAllByRole('definition')
        .map((d) => d.textContent)
        .slice(0, 2),
    ).toEqual(['Sistema', 'Creación']);
  });

  it('shows a reference by the name the form shows, never its id or a raw column, and leaves counts out', async () => {
    const cambio = {
      id: 3,
      fecha: '2026-11-22T10:00:00',
      usuario_nombre: 'Administrador',
      accion: 'modificar',
      entidad: 'empresa',
      entidad_id: '4',
      antes: {
        contacto_id: 18,
        contacto_nombre: 'Ruiz, Ana',
        servidores_count: 2,
        so_version: '10 Pro',
        activo: true,
        fecha_alta: '2024-03-01',
      },
      despues: {
        contacto_id: 21,
        contacto_nombre: 'Paz, Juan',
        servidores_count: 3,
        so_version: '11 Pro',
        activo: false,
        fecha_alta: '2024-03-02',
      },
    };
    const renombrado = {
      ...cambio,
      id: 4,
      antes: { contacto_id: 21, contacto_nombre: 'Paz, Juan' },
      despues: { contacto_id: 21, contacto_nombre: 'Paz, Juan Carlos' },
    };
    get.mockResolvedValue({ error: null, datos: { items: [cambio, renombrado], total: 2 } });
    renderUi(
      createElement(HistoryTab, {
        entidad: 'empresa',
        id: 4,
        labels: { contacto_id: 'Contacto', activo: 'Activo', fecha_alta: 'Fecha de alta' },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Historial de cambios' });
    const [, fila, otra] = within(table).getAllByRole('row');
    const texto = fila!.textContent!;
    expect(texto).toContain('Contacto: Ruiz, Ana → Paz, Juan');
    expect(texto).toContain('Activo: Sí → No');
    expect(texto).toContain('Fecha de alta: 01/03/2024 → 02/03/2024');
    // A field the screen does not name reads as words, not as a column.
    expect(texto).toContain('So version: 10 Pro → 11 Pro');
    expect(texto).not.toMatch(/contacto_|servidores|18|21/);
    // The contact renamed is no change of the client.
    expect(otra!.textContent).toContain('Sin cambios registrados');
  });

  it('says when there is no history yet', async () => {
    get.mockResolvedValue({ error: null, datos: { items: [], total: 0 } });
    renderUi(createElement(HistoryTab, { entidad: 'dns', id: 3 }));
    expect(await screen.findByText('Todavía no hay cambios registrados.')).toBeTruthy();
  });

  it('shows a failure', async () => {
    get.mockRejectedValue(new Error('Sin permiso'));
    renderUi(createElement(HistoryTab, { entidad: 'dns', id: 3 }));
    expect((await screen.findByRole('alert')).textContent).toContain('Sin permiso');
  });
});
