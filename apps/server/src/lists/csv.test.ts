import { describe, expect, it } from 'vitest';
import { conflictOf } from '../db/conflicts.ts';
import { csvFilename, fechaHora } from './csv.ts';
import { likePattern } from './list.ts';

describe('CSV values', () => {
  it('writes dates as dd/mm/aaaa HH:mm in Argentina time', () => {
    expect(fechaHora(new Date('2026-03-09T02:05:00Z'))).toBe('08/03/2026 23:05');
    expect(fechaHora(new Date('2026-12-31T15:30:59Z'))).toBe('31/12/2026 12:30');
  });
  it('names the file after the list and the date', () => {
    expect(csvFilename('servidores', new Date('2026-03-09T12:00:00Z'))).toBe('servidores-2026-03-09.csv');
  });
});

describe('free search', () => {
  it('searches for %, _ and \\ literally', () => {
    expect(likePattern('web')).toBe('%web%');
    expect(likePattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});

describe('database conflicts', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: ...'), { cause });
  it('maps a known unique index to 409 on its field, under drizzle’s wrapper', () => {
    expect(conflictOf(wrapped({ code: '23505', constraint: 'dns_host_uq' }))).toEqual({
      status: 409,
      mensaje: 'Ya existe una entrada DNS con ese host',
      campos: { host: ['Ya existe una entrada DNS con ese host'] },
    });
  });
  it('tells a missing reference from a record still in use', () => {
    const fk = 'dns_servidor_id_servidores_id_fk';
    expect(conflictOf({ code: '23503', constraint: fk, table: 'dns' })?.campos).toEqual({ servidor_id: ['El servidor elegido no existe'] });
    expect(conflictOf({ code: '23503', constraint: fk, table: 'servidores' })).toMatchObject({ status: 409, mensaje: expect.stringMatching(/tiene entradas DNS/) });
    expect(conflictOf({ code: '23503', constraint: 'otra' })?.status).toBe(409);
  });
  it('leaves other errors alone', () => {
    expect(conflictOf(new Error('x'))).toBeUndefined();
    expect(conflictOf({ code: 'FST_ERR_X' })).toBeUndefined();
  });
});
