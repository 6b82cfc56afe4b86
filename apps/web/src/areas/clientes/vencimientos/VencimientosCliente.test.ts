// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Solicitud } from '@intranet/contract/areas/clientes/solicitudes';
import type {
  Certificado,
  Licencia,
  PuntoVenta,
  VencimientosCliente as Datos,
} from '@intranet/contract/areas/clientes/vencimientos';
import { renderUi } from '../../../components/testing.tsx';
import { vencimiento } from '../../../test/builders/clientes.ts';
import { answers, ok, watchNotifications } from '../../../test/fixtures.ts';
import { VencimientosCliente } from './VencimientosCliente.tsx';

const http = vi.hoisted(() => ({
  get: vi.fn(),
  post: vi.fn(),
  put: vi.fn(),
  delete: vi.fn(),
  blob: vi.fn(),
  upload: vi.fn(),
}));
const permisos = vi.hoisted(() => new Set<string>());
vi.mock('../../../core/http/http.ts', () => ({ http }));
vi.mock('../../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));
vi.mock('../../../core/permisos/usePermiso.ts', () => ({ usePermiso: (code: string) => permisos.has(code) }));

const certificado: Certificado = {
  id: 21,
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  cuit: '30712345671',
  alias: 'Facturación',
  cn: 'agrolit-wsfe',
  ambiente: 'produccion',
  servicios: ['wsfe', 'wsfex'],
  emitido: '2024-12-14',
  vence: '2026-12-14',
  serial: '0A1B',
  huella: 'AB:CD:EF:01:23:45:67:89:AB:CD:EF',
  clave_guardada: false,
  reemplazado_por: null,
  creado: '2024-12-14T10:00:00Z',
};
const punto: PuntoVenta = {
  id: 4,
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  numero: 3,
  modalidad: 'cai',
  cai_vence: '2026-11-20',
  descripcion: 'Mostrador',
};
const licencia: Licencia = {
  id: 9,
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  producto_id: 2,
  producto: 'Physis ERP',
  modulo: 'Sueldos',
  tipo: 'anual',
  usuarios: 5,
  serial: 'PHY-123',
  inicio: '2026-01-01',
  vence: '2027-01-01',
  baja: null,
  renovacion_auto: true,
  contacto_id: 7,
  contacto: 'Ruiz, Carlos',
};
const datos: Datos = {
  certificados: [certificado],
  puntos_venta: [punto],
  licencias: [
    licencia,
    {
      ...licencia,
      id: 10,
      modulo: null,
      producto: 'Physis Web',
      serial: null,
      vence: null,
      renovacion_auto: false,
      baja: '2026-06-30',
    },
  ],
  proximos: [
    vencimiento(),
    vencimiento({
      id: 2,
      tipo: 'punto_venta',
      item_id: 4,
      item: 'PV 00003',
      detalle: 'CAI',
      vence: '2026-11-20',
      dias: -4,
      renovaciones: 0,
    }),
  ],
};

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

const show = (answer: Datos = datos, solicitudes: Solicitud[] = []) => {
  http.get.mockImplementation(
    answers({
      '/api/vencimientos/empresas/3': answer,
      '/api/vencimientos/empresas/3/solicitudes': solicitudes,
      '/api/vencimientos/items/certificado/21/renovaciones': [],
    }),
  );
  return renderUi(createElement(VencimientosCliente, { clienteId: 3 }));
};
const rows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.children].map((cell) => cell.textContent));
const headings = () => screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('VencimientosCliente', () => {
  it('shows the next expiries, certificates, points of sale and licences in that order', async () => {
    show();
    const proximos = await screen.findByRole('table', { name: 'Vence' });
    expect(headings()).toEqual([
      'Vencimientos AFIP y Physis',
      'Certificados AFIP',
      'Puntos de venta',
      'Licencias Physis',
    ]);
    expect(rows(proximos)).toEqual([
      ['Tipo', 'Ítem', 'Vence', 'Días restantes', 'Estado', 'Acciones'],
      ['Certificado', 'Facturación', '14/12/2026', '20 días', 'Por vencer', 'Renovar'],
      ['CAI', 'PV 00003', '20/11/2026', 'Vencido hace 4 días', 'Vencido', 'Renovar'],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Certificados AFIP' }))).toEqual([
      ['Alias', 'CUIT', 'Ambiente', 'Servicios', 'Emitido', 'Vence', 'Huella SHA-256', 'Clave', ''],
      [
        'FacturaciónCN agrolit-wsfe',
        '30-71234567-1',
        'Producción',
        'wsfe, wsfex',
        '14/12/2024',
        '14/12/2026',
        'AB:CD:EF:01:23:45…',
        '',
        '',
      ],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Puntos de venta' }))).toEqual([
      ['Número', 'Modalidad', 'Vencimiento del CAI', 'Descripción', ''],
      ['PV 00003', 'CAI', '20/11/2026', 'Mostrador', ''],
    ]);
    expect(rows(screen.getByRole('table', { name: 'Licencias Physis' }))).toEqual([
      ['Producto', 'Tipo', 'Usuarios', 'Inicio', 'Vence', 'Contacto', ''],
      ['Physis ERP · SueldosPHY-123', 'Anual · auto', '5', '01/01/2026', '01/01/2027', 'Ruiz, Carlos', ''],
      ['Physis Web', 'Anual', '5', '01/01/2026', 'De baja (30/06/2026)', 'Ruiz, Carlos', ''],
    ]);
    for (const name of [
      'Editar Facturación',
      'Eliminar Facturación',
      'Editar PV 00003',
      'Eliminar PV 00003',
      'Editar Physis ERP · Sueldos',
      'Eliminar Physis Web',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(
      screen.getAllByRole('button', { name: /^Renovar / }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Renovar Facturación', 'Renovar PV 00003']);
    expect(
      ['Nuevo certificado', 'Importar certificado', 'Nuevo punto de venta', 'Nueva licencia'].map(
        (name) => screen.getByRole('button', { name }).textContent,
      ),
    ).toEqual(['Nuevo certificado', 'Importar certificado', 'Nuevo punto de venta', 'Nueva licencia']);
  });

  it('says when a section is empty', async () => {
    show({ certificados: [], puntos_venta: [], licencias: [], proximos: [] });
    expect(await screen.findByText('No hay vencimientos que coincidan con el filtro.')).toBeTruthy();
    expect(screen.getByText('Sin certificados.')).toBeTruthy();
    expect(screen.getByText('Sin puntos de venta.')).toBeTruthy();
    expect(screen.getByText('Sin licencias.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers no change to those who may only read', async () => {
    permisos.clear();
    show();
    const proximos = await screen.findByRole('table', { name: 'Vence' });
    expect(rows(proximos)[0]).toEqual(['Tipo', 'Ítem', 'Vence', 'Días restantes', 'Estado']);
    expect(rows(screen.getByRole('table', { name: 'Puntos de venta' }))[1]).toEqual([
      'PV 00003',
      'CAI',
      '20/11/2026',
      'Mostrador',
    ]);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('opens the edit and renewal dialogs of a row', async () => {
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Facturación' }));
    expect(await screen.findByRole('dialog', { name: 'Editar certificado' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Renovar Facturación' }));
    expect(await screen.findByRole('dialog', { name: 'Renovar: Facturación' })).toBeTruthy();
  });

  it('deletes a point of sale once confirmed', async () => {
    http.delete.mockResolvedValue(ok(null));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Eliminar PV 00003' }));
    const confirm = await screen.findByRole('dialog', { name: 'Eliminar vencimiento' });
    expect(confirm.textContent).toContain('¿Eliminar «PV 00003» y su historial de renovaciones? No se puede deshacer.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(http.delete).toHaveBeenCalledWith('/api/vencimientos/items/punto_venta/4', expect.anything()),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Eliminado', message: 'PV 00003' })),
    );
  });

  it('shows a pending request with its CSR and the AFIP steps, and a paired certificate whose key only CLIENTES#CERTIFICADOS downloads', async () => {
    const pendiente: Solicitud = {
      id: 8,
      empresa_id: 3,
      renueva_id: 21,
      cuit: '30712345671',
      razon_social: 'Agro del Litoral S.A.',
      alias: 'agrolit-2027',
      ambiente: 'produccion',
      servicios: ['wsfe'],
      sujeto: 'C=AR, O=Agro del Litoral S.A., CN=agrolit-2027, serialNumber=CUIT 30712345671',
      usuario: 'Administrador',
      creado: '2026-11-27T10:00:00Z',
    };
    const emparejado = { ...certificado, id: 22, alias: 'Nuevo', clave_guardada: true };
    const viejo = { ...certificado, reemplazado_por: 22 };
    URL.createObjectURL = vi.fn(() => 'blob:csr');
    URL.revokeObjectURL = vi.fn();
    http.blob.mockResolvedValue(new Blob(['-----BEGIN CERTIFICATE REQUEST-----']));
    permisos.add('CLIENTES#CERTIFICADOS');
    show({ ...datos, certificados: [viejo, emparejado] }, [pendiente]);

    const tabla = await screen.findByRole('table', { name: 'Solicitudes pendientes' });
    expect(rows(tabla)[1]).toEqual([
      `agrolit-2027Pendiente${pendiente.sujeto}`,
      'Producción',
      'Facturación',
      expect.stringContaining('Administrador'),
      '',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Descargar .csr agrolit-2027' }));
    await waitFor(() => expect(http.blob).toHaveBeenCalledWith('/api/vencimientos/solicitudes/8/csr'));
    fireEvent.click(screen.getByRole('button', { name: 'Pasos en AFIP agrolit-2027' }));
    expect((await screen.findByRole('list', { name: 'Pasos en AFIP' })).textContent).toContain(
      'Administración de Certificados Digitales',
    );

    const certificados = rows(screen.getByRole('table', { name: 'Certificados AFIP' }));
    expect(certificados.map((r) => r[7])).toEqual(['Clave', 'Reemplazado', 'Clave guardada']);
    // The replaced one is renewed no more; the paired one's key can be downloaded.
    expect(screen.queryByRole('button', { name: 'Renovar: generar solicitud Facturación' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Descargar clave y certificado Facturación' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Descargar clave y certificado Nuevo' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Descargar la clave de Nuevo' });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Descargar' }));
    expect(await within(dialogo).findByText('La contraseña del .p12 debe tener al menos 8 caracteres')).toBeTruthy();
    fireEvent.change(within(dialogo).getByLabelText(/Contraseña del \.p12/), { target: { value: 'Clave-del-p12' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Descargar' }));
    await waitFor(() =>
      expect(http.blob).toHaveBeenCalledWith(
        '/api/vencimientos/certificados/22/clave',
        {},
        { formato: 'p12', password: 'Clave-del-p12' },
      ),
    );
  });

  it('offers the key download to nobody without CLIENTES#CERTIFICADOS', async () => {
    show({ ...datos, certificados: [{ ...certificado, clave_guardada: true }] });
    expect(await screen.findByText('Clave guardada')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Descargar clave/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Renovar: generar solicitud Facturación' })).toBeTruthy();
  });

  it('generates a request from "Nuevo certificado": the alias checked by the contract, then the CSR and the AFIP steps', async () => {
    const creada: Solicitud = {
      id: 9,
      empresa_id: 3,
      renueva_id: null,
      cuit: '30712345671',
      razon_social: 'Agro del Litoral S.A.',
      alias: 'agrolit-nuevo',
      ambiente: 'produccion',
      servicios: ['wsfe'],
      sujeto: 'C=AR, O=Agro del Litoral S.A., CN=agrolit-nuevo, serialNumber=CUIT 30712345671',
      usuario: 'Administrador',
      creado: '2026-11-27T10:00:00Z',
    };
    http.post.mockResolvedValue(ok(creada));
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo certificado' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Generar solicitud de certificado' });
    const alias = within(dialogo).getByRole('textbox', { name: /Alias \(CN\)/ });
    fireEvent.change(alias, { target: { value: 'con espacios' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Generar solicitud' }));
    expect(
      await within(dialogo).findByText('Solo letras, números, punto, guion y guion bajo (sin espacios)'),
    ).toBeTruthy();
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.change(alias, { target: { value: 'agrolit-nuevo' } });
    fireEvent.click(within(dialogo).getByRole('button', { name: 'Generar solicitud' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/vencimientos/solicitudes',
        { empresa_id: 3, renueva_id: null, alias: 'agrolit-nuevo', ambiente: 'produccion', servicios: ['wsfe'] },
        expect.anything(),
      ),
    );
    expect(await within(dialogo).findByText(creada.sujeto)).toBeTruthy();
    expect(within(dialogo).getByRole('button', { name: 'Descargar .csr' })).toBeTruthy();
    expect(within(dialogo).getByRole('list', { name: 'Pasos en AFIP' }).textContent).toContain('wsfe');
  });
});
