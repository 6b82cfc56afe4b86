import { describe, expect, it } from 'vitest';
import { DESARROLLO_ESTADOS, type DesarrolloFila, type Tablero } from '@intranet/contract/areas/desarrollos';
import { moverEnTablero } from './moverEnTablero.ts';

const tarjeta = (id: number, estado: DesarrolloFila['estado'], vencido = false): DesarrolloFila => ({
  id,
  titulo: `Desarrollo ${id}`,
  empresa_id: null,
  empresa: null,
  producto_id: 1,
  producto: 'Physis ERP',
  estado,
  prioridad: 'media',
  responsable_id: null,
  responsable: null,
  horas_estimadas: null,
  horas_reales: null,
  fecha_solicitud: '2026-01-01',
  fecha_compromiso: vencido ? '2026-01-10' : null,
  fecha_entrega: null,
  version_id: null,
  version: null,
  vencido,
  creado: '2026-01-01T00:00:00.000Z',
  actualizado: '2026-01-01T00:00:00.000Z',
});

const tablero = (): Tablero =>
  DESARROLLO_ESTADOS.map((estado) => {
    const items =
      estado === 'pendiente'
        ? [tarjeta(1, estado), tarjeta(2, estado)]
        : estado === 'testing'
          ? [tarjeta(3, estado, true)]
          : [];
    return { estado, total: items.length + (estado === 'pendiente' ? 5 : 0), items };
  });

describe('moverEnTablero', () => {
  it('takes the card out of its column and puts it first in the other, counts adjusted', () => {
    const antes = tablero();
    const despues = moverEnTablero(antes, 2, 'analisis');
    const col = (estado: string) => despues.find((c) => c.estado === estado)!;
    expect(col('pendiente').items.map((d) => d.id)).toEqual([1]);
    expect(col('pendiente').total).toBe(6);
    expect(col('analisis').items.map((d) => [d.id, d.estado])).toEqual([[2, 'analisis']]);
    expect(col('analisis').total).toBe(1);
    // The board it came from is left as it was (the rollback restores it).
    expect(antes.find((c) => c.estado === 'pendiente')!.items).toHaveLength(2);
  });

  it('an overdue card delivered is no longer overdue', () => {
    const despues = moverEnTablero(tablero(), 3, 'entregado');
    expect(despues.find((c) => c.estado === 'entregado')!.items[0]!.vencido).toBe(false);
    expect(moverEnTablero(tablero(), 3, 'desarrollo').find((c) => c.estado === 'desarrollo')!.items[0]!.vencido).toBe(
      true,
    );
  });

  it('leaves the board alone for an unknown card or the same column', () => {
    const antes = tablero();
    expect(moverEnTablero(antes, 99, 'analisis')).toBe(antes);
    expect(moverEnTablero(antes, 1, 'pendiente')).toBe(antes);
  });
});
