// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DesarrolloFila } from '@intranet/contract/areas/desarrollos';
import { renderUi } from '../../components/testing.tsx';
import { TarjetaDesarrollo } from './TarjetaDesarrollo.tsx';

const titulo =
  'Integrar la facturación electrónica de AFIP con el módulo de ventas para los clientes con varias sucursales y puntos de venta distintos';

const fila: DesarrolloFila = {
  id: 7,
  titulo,
  empresa_id: 3,
  empresa: 'Acme SA',
  producto_id: 1,
  producto: 'Physis',
  estado: 'analisis',
  prioridad: 'alta',
  responsable_id: null,
  responsable: null,
  horas_estimadas: null,
  horas_reales: null,
  fecha_solicitud: '2026-11-01',
  fecha_compromiso: null,
  fecha_entrega: null,
  version_id: null,
  version: null,
  vencido: false,
  creado: '2026-11-01T10:00:00Z',
  actualizado: '2026-11-02T10:00:00Z',
};

afterEach(cleanup);

describe('TarjetaDesarrollo', () => {
  it('clamps a long title on the card but gives the whole of it on hover, linking to its page', () => {
    renderUi(createElement(TarjetaDesarrollo, { desarrollo: fila, editable: false, onMover: () => undefined }));
    const card = screen.getByRole('article', { name: titulo });
    const link = within(card).getByRole('link', { name: titulo });
    expect(link.getAttribute('title')).toBe(titulo);
    expect(link.getAttribute('href')).toBe('/desarrollos/7');
  });
});
