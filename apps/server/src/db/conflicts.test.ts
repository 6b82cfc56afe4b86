import { describe, expect, it } from 'vitest';
import { conflictOf, type Conflictos } from './conflicts.ts';

const conflictos: Conflictos = {
  unicos: { dns_host_uq: { campo: 'host', mensaje: 'Ya existe una entrada DNS con ese host' } },
  referencias: {
    dns_servidor_id_servidores_id_fk: {
      tabla: 'dns',
      campo: 'servidor_id',
      falta: 'El servidor elegido no existe',
      enUso: 'El servidor tiene entradas DNS; elimínelas primero o elimine en cascada',
    },
  },
};

describe('database conflicts', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: ...'), { cause });
  it('maps a known unique index to 409 on its field, under drizzle’s wrapper', () => {
    expect(conflictOf(wrapped({ code: '23505', constraint: 'dns_host_uq' }), conflictos)).toEqual({
      status: 409,
      mensaje: 'Ya existe una entrada DNS con ese host',
      campos: { host: ['Ya existe una entrada DNS con ese host'] },
    });
  });
  it('tells a missing reference from a record still in use', () => {
    const fk = 'dns_servidor_id_servidores_id_fk';
    expect(conflictOf({ code: '23503', constraint: fk, table: 'dns' }, conflictos)?.campos).toEqual({
      servidor_id: ['El servidor elegido no existe'],
    });
    expect(conflictOf({ code: '23503', constraint: fk, table: 'servidores' }, conflictos)).toMatchObject({
      status: 409,
      mensaje: expect.stringMatching(/tiene entradas DNS/),
    });
    expect(conflictOf({ code: '23503', constraint: 'otra' }, conflictos)?.status).toBe(409);
  });
  it('answers the generic message for a name it does not know, even one an object inherits', () => {
    expect(conflictOf({ code: '23505', constraint: 'constructor' }, conflictos)).toEqual({
      status: 409,
      mensaje: 'Ya existe un registro con esos datos',
    });
    expect(conflictOf({ code: '23505', constraint: 'dns_host_uq' })).toEqual({
      status: 409,
      mensaje: 'Ya existe un registro con esos datos',
    });
  });
  it('leaves other errors alone', () => {
    expect(conflictOf(new Error('x'))).toBeUndefined();
    expect(conflictOf({ code: 'FST_ERR_X' })).toBeUndefined();
  });
});
