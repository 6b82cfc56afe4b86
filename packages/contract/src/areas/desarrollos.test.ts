import { describe, expect, it } from 'vitest';
import {
  COMPROMISO_ANTERIOR,
  DESARROLLO_ESTADOS,
  DESARROLLO_TRANSICIONES,
  desarrolloInput,
  desarrolloListQuery,
  ENTREGA_ANTERIOR,
  estadoCerrado,
  puedePasarDesarrollo,
  transicionRechazada,
  type DesarrolloEstado,
} from './desarrollos.ts';

const FLUJO: DesarrolloEstado[] = ['pendiente', 'analisis', 'desarrollo', 'testing', 'entregado'];

describe('the transition table of a development', () => {
  it('moves forward one step along the workflow', () => {
    for (let i = 0; i < FLUJO.length - 1; i += 1) expect(puedePasarDesarrollo(FLUJO[i]!, FLUJO[i + 1]!)).toBe(true);
  });

  it('moves back one step for rework, except out of pendiente and entregado', () => {
    expect(puedePasarDesarrollo('analisis', 'pendiente')).toBe(true);
    expect(puedePasarDesarrollo('desarrollo', 'analisis')).toBe(true);
    expect(puedePasarDesarrollo('testing', 'desarrollo')).toBe(true);
    expect(puedePasarDesarrollo('entregado', 'testing')).toBe(false);
  });

  it('never skips a step', () => {
    expect(puedePasarDesarrollo('pendiente', 'desarrollo')).toBe(false);
    expect(puedePasarDesarrollo('pendiente', 'entregado')).toBe(false);
    expect(puedePasarDesarrollo('analisis', 'testing')).toBe(false);
    expect(puedePasarDesarrollo('testing', 'analisis')).toBe(false);
  });

  it('cancels from any open state, reopens a cancelled one as pendiente, and keeps entregado final', () => {
    for (const estado of ['pendiente', 'analisis', 'desarrollo', 'testing'] as const)
      expect(puedePasarDesarrollo(estado, 'cancelado')).toBe(true);
    expect(DESARROLLO_TRANSICIONES.cancelado).toEqual(['pendiente']);
    expect(DESARROLLO_TRANSICIONES.entregado).toEqual([]);
  });

  it('refuses staying in the same state', () => {
    for (const estado of DESARROLLO_ESTADOS) expect(puedePasarDesarrollo(estado, estado)).toBe(false);
  });

  it('explains a refusal in Spanish, and has nothing to say about an allowed move', () => {
    expect(transicionRechazada('pendiente', 'analisis')).toBeNull();
    expect(transicionRechazada('pendiente', 'entregado')).toBe(
      'No se puede pasar de Pendiente a Entregado: desde Pendiente solo puede pasar a Análisis o Cancelado',
    );
    expect(transicionRechazada('testing', 'pendiente')).toBe(
      'No se puede pasar de Testing a Pendiente: desde Testing solo puede pasar a Entregado, Desarrollo o Cancelado',
    );
    expect(transicionRechazada('entregado', 'testing')).toBe('Un desarrollo entregado no cambia de estado');
    expect(transicionRechazada('analisis', 'analisis')).toBe('El desarrollo ya está en Análisis');
  });

  it('counts delivered and cancelled as closed', () => {
    expect(DESARROLLO_ESTADOS.filter(estadoCerrado)).toEqual(['entregado', 'cancelado']);
  });
});

const valido = { titulo: 'Exportar libro IVA', producto_id: 1, fecha_solicitud: '2026-03-01' };

describe('desarrolloInput', () => {
  it('fills defaults: media priority, empty description, nulls for the optional fields', () => {
    const v = desarrolloInput.parse(valido);
    expect(v.prioridad).toBe('media');
    expect(v.descripcion.type).toBe('doc');
    expect(v).toMatchObject({
      empresa_id: null,
      responsable_id: null,
      version_id: null,
      fecha_compromiso: null,
      horas_estimadas: null,
    });
  });

  it('takes blank dates as none', () => {
    expect(desarrolloInput.parse({ ...valido, fecha_compromiso: '', fecha_entrega: '  ' }).fecha_compromiso).toBeNull();
  });

  it('refuses a commitment or delivery before the request, on their own fields', () => {
    const r = desarrolloInput.safeParse({ ...valido, fecha_compromiso: '2026-02-28', fecha_entrega: '2026-01-01' });
    expect(r.success).toBe(false);
    const issues = r.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['fecha_compromiso', COMPROMISO_ANTERIOR],
      ['fecha_entrega', ENTREGA_ANTERIOR],
    ]);
    expect(desarrolloInput.safeParse({ ...valido, fecha_compromiso: '2026-03-01' }).success).toBe(true);
  });

  it('requires a title, a product and a request date; refuses negative hours, unknown fields and states', () => {
    const r = desarrolloInput.safeParse({
      titulo: ' ',
      horas_estimadas: -1,
      fecha_solicitud: '01/03/2026',
      estado: 'entregado',
    });
    expect(r.success).toBe(false);
    const campos = new Set(
      r.error!.issues.map((i) => i.path.join('.') || (i.code === 'unrecognized_keys' ? i.keys.join() : '')),
    );
    expect(campos).toEqual(new Set(['titulo', 'producto_id', 'horas_estimadas', 'fecha_solicitud', 'estado']));
  });

  it('takes hours in quarters', () => {
    expect(desarrolloInput.parse({ ...valido, horas_estimadas: 12.5, horas_reales: 0.25 }).horas_estimadas).toBe(12.5);
    expect(desarrolloInput.safeParse({ ...valido, horas_estimadas: 1.3 }).success).toBe(false);
  });
});

describe('desarrolloListQuery', () => {
  it('reads the filters from the query string', () => {
    expect(
      desarrolloListQuery.parse({ estado: 'testing', empresa_id: '3', vencido: 'true', sort: '-fecha_compromiso' }),
    ).toMatchObject({
      estado: 'testing',
      empresa_id: 3,
      vencido: true,
      sort: '-fecha_compromiso',
    });
    expect(desarrolloListQuery.safeParse({ estado: 'hecho' }).success).toBe(false);
  });
});

describe('desarrolloInput date checks beside other errors', () => {
  it('says a commitment is before the request even while the product is missing', () => {
    const r = desarrolloInput.safeParse({ titulo: 'x', fecha_solicitud: '2026-03-01', fecha_compromiso: '2026-02-01' });
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['fecha_compromiso', 'producto_id']);
    const mala = desarrolloInput.safeParse({
      titulo: 'x',
      producto_id: 1,
      fecha_solicitud: 'nunca',
      fecha_compromiso: '2026-02-01',
    });
    expect(mala.error!.issues.map((i) => i.path.join('.'))).toEqual(['fecha_solicitud']);
  });

  it('refuses a payload that is not an object as such, without comparing dates it has not got', () => {
    for (const payload of [null, undefined, [], 'x', 3]) {
      const r = desarrolloInput.safeParse(payload);
      expect(r.success).toBe(false);
      expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['']);
    }
  });
});
