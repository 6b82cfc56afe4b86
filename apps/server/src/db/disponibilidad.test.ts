import { describe, expect, it } from 'vitest';
import { baseNoDisponible } from './disponibilidad.ts';

describe('baseNoDisponible', () => {
  const conCodigo = (message: string, code: string) => Object.assign(new Error(message), { code });
  // Drizzle's wrapper around the driver's error.
  const envuelto = (causa: Error) => new Error('Failed query: select 1', { cause: causa });

  it('says the database is away when it cannot be reached, stops, restarts or cuts the connection', () => {
    expect(baseNoDisponible(envuelto(conCodigo('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')))).toBe(true);
    expect(baseNoDisponible(envuelto(conCodigo('terminating connection due to administrator command', '57P01')))).toBe(
      true,
    );
    expect(baseNoDisponible(conCodigo('the database system is starting up', '57P03'))).toBe(true);
    expect(baseNoDisponible(conCodigo('connection failure', '08006'))).toBe(true);
    expect(baseNoDisponible(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(baseNoDisponible(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(baseNoDisponible(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(baseNoDisponible(new AggregateError([conCodigo('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]))).toBe(
      true,
    );
  });

  it('does not when the query itself failed', () => {
    expect(baseNoDisponible(envuelto(conCodigo('duplicate key value violates unique constraint', '23505')))).toBe(
      false,
    );
    expect(baseNoDisponible(conCodigo('syntax error at or near "selec"', '42601'))).toBe(false);
    expect(baseNoDisponible(new Error('otra cosa'))).toBe(false);
    expect(baseNoDisponible('ECONNREFUSED')).toBe(false);
  });
});
