// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  ImportacionConteo,
  ImportacionSubida,
  ImportacionVistaPrevia,
} from '@intranet/contract/shared/importacion';
import { renderUi } from '../testing.tsx';
import { choose, ok } from '../../test/fixtures.ts';
import { ImportarWizard } from './ImportarWizard.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), blob: vi.fn(), upload: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));

afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const subida: ImportacionSubida = {
  id: 7,
  archivo: 'maquinas.csv',
  codificacion: 'utf-8',
  columnas: ['Nombre', 'Inventario', 'Tipo', 'Notas'],
  filas: 3,
  campos: [
    { campo: 'nombre', titulo: 'Nombre', requerido: true },
    { campo: 'nro_inventario', titulo: 'Nº de inventario', requerido: false },
    { campo: 'tipo', titulo: 'Tipo', requerido: true, opciones: ['Notebook', 'PC'] },
    { campo: 'serie', titulo: 'Serie', requerido: false },
  ],
  mapeo: { nombre: 'Nombre', nro_inventario: 'Inventario', tipo: 'Tipo', serie: null },
  clave: 'nro_inventario',
  clave_titulo: 'Nº de inventario',
};

const vista: ImportacionVistaPrevia = {
  total: 3,
  con_errores: 1,
  filas: [
    { fila: 2, valores: { nombre: 'NB-1', nro_inventario: 'INV-1', tipo: 'Notebook' }, errores: {} },
    {
      fila: 3,
      valores: { nombre: 'NB-2', nro_inventario: 'INV-2', tipo: 'Tostadora' },
      errores: { tipo: ['Valor no válido; use uno de: Notebook, PC'] },
    },
    { fila: 4, valores: { nombre: 'PC-3', nro_inventario: 'INV-3', tipo: 'PC' }, errores: {} },
  ],
};

const conteo = (c: Partial<ImportacionConteo>): ImportacionConteo => ({
  crear: 0,
  actualizar: 0,
  sin_cambios: 0,
  rechazadas: 0,
  rechazos: [],
  ...c,
});

/** The server's answers by the path's last part. */
function servidor(ensayo: ImportacionConteo) {
  http.upload.mockResolvedValue(ok(subida));
  http.post.mockImplementation(async (url: string) => {
    if (url.endsWith('/vista-previa')) return ok(vista);
    if (url.endsWith('/ensayo')) return ok(ensayo);
    if (url.endsWith('/importar'))
      return ok({ ...ensayo, id: 7, estado: 'importada', deshacer_hasta: '2026-11-28T15:00:00.000Z' });
    if (url.endsWith('/deshacer')) return ok({ ...ensayo, id: 7, estado: 'deshecha', deshacer_hasta: null });
    throw new Error(`POST inesperado: ${url}`);
  });
}

async function subirArchivo() {
  renderUi(
    createElement(ImportarWizard, {
      url: '/api/maquinas',
      nombre: 'maquinas',
      invalidar: [['maquinas']],
      onCerrar: () => undefined,
    }),
  );
  const input = document.querySelector('input[type="file"]')!;
  fireEvent.change(input, {
    target: { files: [new File(['Nombre,Inventario\nNB-1,INV-1\n'], 'maquinas.csv', { type: 'text/csv' })] },
  });
  await screen.findByText('maquinas.csv: 3 filas y 4 columnas');
}

const boton = (name: string | RegExp) => screen.getByRole('button', { name });

describe('ImportarWizard', () => {
  it('walks upload → mapping → preview with errors → mode → dry run → import → undo', async () => {
    servidor(conteo({ crear: 1, actualizar: 1, sin_cambios: 1 }));
    await subirArchivo();
    expect(http.upload).toHaveBeenCalledWith(
      '/api/maquinas/importaciones?nombre=maquinas.csv',
      expect.any(File),
      expect.anything(),
    );

    // The mapping as guessed; "Serie" gets the notes column.
    expect((screen.getByRole('textbox', { name: 'Columna para «Nombre»' }) as HTMLInputElement).value).toBe('Nombre');
    expect((screen.getByRole('textbox', { name: 'Columna para «Serie»' }) as HTMLInputElement).value).toBe('(ninguna)');
    await choose('Columna para «Serie»', 'Notas');
    fireEvent.click(boton('Siguiente'));

    // The preview: the wrong cell marked, its reason on the row.
    const tabla = await screen.findByRole('table', { name: 'Vista previa de las filas' });
    expect(http.post).toHaveBeenCalledWith(
      '/api/maquinas/importaciones/7/vista-previa',
      { mapeo: { ...subida.mapeo, serie: 'Notas' }, pagina: 1, tamano: 20, solo_errores: false },
      expect.anything(),
      expect.anything(),
    );
    expect((await screen.findByRole('status')).textContent).toBe('1 fila tiene errores de 3');
    const filas = within(tabla).getAllByRole('row');
    expect(filas[2]!.textContent).toContain('Tipo: Valor no válido; use uno de: Notebook, PC');
    const celda = within(filas[2]!).getByText('Tostadora');
    expect(celda.getAttribute('aria-invalid')).toBe('true');
    expect(within(filas[1]!).getByText('Notebook').getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(boton('Siguiente'));

    // Mode, then the dry run's counts.
    fireEvent.click(screen.getByRole('radio', { name: /Actualizar por Nº de inventario/ }));
    fireEvent.click(boton('Hacer el ensayo'));
    expect(await screen.findByLabelText('A crear: 1')).toBeTruthy();
    expect(screen.getByLabelText('A actualizar: 1')).toBeTruthy();
    expect(screen.getByLabelText('Sin cambios: 1')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/maquinas/importaciones/7/ensayo',
      { mapeo: { ...subida.mapeo, serie: 'Notas' }, modo: 'actualizar' },
      expect.anything(),
    );

    fireEvent.click(boton('Importar 2 filas'));
    expect(await screen.findByText('Importación hecha')).toBeTruthy();
    expect(screen.getByText(/Se puede deshacer hasta el 28\/11\/2026/)).toBeTruthy();
    fireEvent.click(boton('Deshacer'));
    expect(await screen.findByText('Importación deshecha')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/maquinas/importaciones/7/deshacer',
      undefined,
      expect.anything(),
      expect.anything(),
    );
  });

  it('lists the refused rows of the dry run, offers their CSV, and imports the valid rows only when told', async () => {
    servidor(
      conteo({
        crear: 2,
        rechazadas: 1,
        rechazos: [{ fila: 3, errores: ['Tipo: Valor no válido; use uno de: Notebook, PC'] }],
      }),
    );
    http.blob.mockResolvedValue(new Blob(['x']));
    URL.createObjectURL = () => 'blob:x';
    URL.revokeObjectURL = () => undefined;
    await subirArchivo();
    fireEvent.click(boton('Siguiente'));
    await screen.findByRole('table', { name: 'Vista previa de las filas' });
    fireEvent.click(boton('Siguiente'));
    fireEvent.click(boton('Hacer el ensayo'));
    expect(
      await screen.findByText(
        'Hay filas rechazadas: puede importar solo las válidas y descargar las rechazadas para corregirlas.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe('Fila 3: Tipo: Valor no válido; use uno de: Notebook, PC');
    fireEvent.click(boton('Descargar filas rechazadas (CSV)'));
    await waitFor(() => expect(http.blob).toHaveBeenCalledWith('/api/maquinas/importaciones/7/rechazadas.csv'));

    // The button says what it does: the valid rows, not all of them.
    const importar = boton('Importar las 2 filas válidas') as HTMLButtonElement;
    expect(importar.disabled).toBe(false);
    fireEvent.click(importar);
    expect(await screen.findByText('Importación hecha')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/maquinas/importaciones/7/importar',
      { mapeo: subida.mapeo, modo: 'crear', solo_validas: true },
      expect.anything(),
      expect.anything(),
    );
    expect(screen.getByText(/Una fila rechazada no se importó\./)).toBeTruthy();
    // The refused rows' CSV stays at hand after the import, beside Deshacer.
    expect(screen.getByText('Filas rechazadas, que no se importaron:')).toBeTruthy();
    expect(boton('Descargar filas rechazadas (CSV)')).toBeTruthy();
    expect(boton('Deshacer')).toBeTruthy();
  });

  it('sends no solo_validas when every row is valid', async () => {
    servidor(conteo({ crear: 3 }));
    await subirArchivo();
    fireEvent.click(boton('Siguiente'));
    await screen.findByRole('table', { name: 'Vista previa de las filas' });
    fireEvent.click(boton('Siguiente'));
    fireEvent.click(boton('Hacer el ensayo'));
    fireEvent.click(await screen.findByRole('button', { name: 'Importar 3 filas' }));
    expect(await screen.findByText('Importación hecha')).toBeTruthy();
    expect(http.post).toHaveBeenCalledWith(
      '/api/maquinas/importaciones/7/importar',
      { mapeo: subida.mapeo, modo: 'crear' },
      expect.anything(),
      expect.anything(),
    );
  });
});
