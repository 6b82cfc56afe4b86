import { alias } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { maquinaAsignaciones, maquinas, afipCertificados } from './schema.ts';
import { columnValues, wireColumns } from './wire.ts';

describe('wireColumns', () => {
  it('keys every column by its SQL name, the API field name', () => {
    const cols = wireColumns(maquinas);
    expect(Object.keys(cols)).toContain('nro_inventario');
    expect(Object.keys(cols)).not.toContain('nroInventario');
    expect(cols.nro_inventario).toBe(maquinas.nroInventario);
    expect(Object.keys(cols)).toHaveLength(Object.keys(maquinas).filter((k) => k !== 'enableRLS').length);
  });

  it('picks the columns named, and works on an alias', () => {
    const abierta = alias(maquinaAsignaciones, 'abierta');
    const cols = wireColumns(abierta, ['persona_id']);
    expect(Object.keys(cols)).toEqual(['persona_id']);
    expect(cols.persona_id.name).toBe('persona_id');
  });

  it('names a client column as the API does (empresa_id), whatever the property', () => {
    expect(Object.keys(wireColumns(afipCertificados, ['empresa_id']))).toEqual(['empresa_id']);
  });
});

describe('columnValues', () => {
  it('renames the payload fields that are columns and drops the rest', () => {
    const v = columnValues(maquinas, { nombre: 'pc-1', nro_inventario: 'A-1', ram_gb: 8, persona_id: 3 });
    expect(v).toEqual({ nombre: 'pc-1', nroInventario: 'A-1', ramGb: 8 });
  });

  it('leaves an absent field absent, and keeps an explicit null', () => {
    const v = columnValues(maquinas, { nombre: 'pc-1', serie: null });
    expect(v).toEqual({ nombre: 'pc-1', serie: null });
    expect('nroInventario' in v).toBe(false);
  });
});
