import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import * as auth from './auth.ts';
import * as config from './config.ts';
import * as envelope from './envelope.ts';
import * as estado from './estado.ts';
import * as mini from './mini.ts';

/** What a schema makes of an input: its data, or the first message of each offending field. */
function outcome(schema: { safeParse: (input: unknown) => z.core.util.SafeParseResult<unknown> }, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  return { errors: Object.fromEntries(result.error.issues.reverse().map((issue) => [issue.path.join('.'), issue.message])) };
}

const sesion = { token: 't', usuario: { nombre: 'Ana', roles: ['Administrador'], usuario: 'ana' } };
const config0 = { api: '', instaladores: '/i', store: '/s', versiones: '/v', archivos: '/a', sitio: 'ORG' };

const pairs = [
  {
    name: 'loginRequest',
    classic: auth.loginRequest,
    mini: mini.loginRequest,
    inputs: [
      { username: '', password: '' }, { username: '  ', password: 'x' }, { username: ' ana ', password: ' c ' },
      { username: 'a'.repeat(201), password: 'b'.repeat(501) }, { username: 'a'.repeat(200), password: 'b'.repeat(500) },
      {}, { username: 'ana', password: 'x', extra: 1 }, null,
    ],
  },
  {
    name: 'loginResponse',
    classic: auth.loginResponse,
    mini: mini.loginResponse,
    inputs: [{ error: null, datos: sesion }, { error: 'No', datos: null }, { error: null, datos: { token: 't' } }, { datos: null }, 'x'],
  },
  {
    name: 'runtimeConfig',
    classic: config.runtimeConfig,
    mini: mini.runtimeConfig,
    inputs: [config0, { ...config0, extra: true }, { ...config0, api: 1 }, {}],
  },
  {
    name: 'errorBody',
    classic: envelope.errorBody,
    mini: mini.errorBody,
    inputs: [
      { error: 'Mal', datos: null }, { error: 'Mal', datos: null, campos: { a: ['x'] } }, { error: 'Mal', datos: null, campos: { a: 'x' } },
      { error: 'Mal', datos: {} }, null,
    ],
  },
  { name: 'okBody', classic: envelope.okBody, mini: mini.okBody, inputs: [{ error: null, datos: null }, { error: null, datos: 1 }, {}] },
  {
    name: 'estadoResponse',
    classic: estado.estadoResponse,
    mini: mini.estadoResponse,
    inputs: [{ error: null, datos: { version: '1.2.3' } }, { error: null, datos: null }, { error: null, datos: { version: 3 } }],
  },
];

describe('zod/mini twins of the sign-in schemas', () => {
  it.each(pairs)('$name accepts, refuses and cleans the same inputs', ({ classic, mini: twin, inputs }) => {
    for (const input of inputs) {
      const expected = outcome(classic, input);
      const actual = outcome(twin, input);
      expect(actual.data).toEqual(expected.data);
      expect(Boolean(actual.errors)).toBe(Boolean(expected.errors));
    }
  });

  it('words the login form errors the same', () => {
    for (const input of pairs[0]?.inputs.slice(0, 5) ?? []) {
      expect(outcome(mini.loginRequest, input)).toEqual(outcome(auth.loginRequest, input));
    }
    expect(outcome(mini.loginRequest, { username: '', password: '' }).errors).toEqual({
      username: 'Este campo es requerido',
      password: 'Este campo es requerido',
    });
  });

  it('has the same types', () => {
    expectTypeOf<z.output<typeof mini.loginRequest>>().toEqualTypeOf<auth.LoginRequest>();
    expectTypeOf<z.output<typeof mini.loginResponse>>().toEqualTypeOf<auth.LoginResponse>();
    expectTypeOf<z.output<typeof mini.runtimeConfig>>().toEqualTypeOf<config.RuntimeConfig>();
    expectTypeOf<z.output<typeof mini.errorBody>>().toEqualTypeOf<envelope.ErrorBody>();
    expectTypeOf<z.output<typeof mini.okBody>>().toEqualTypeOf<z.output<typeof envelope.okBody>>();
    expectTypeOf<z.output<typeof mini.estadoResponse>>().toEqualTypeOf<z.output<typeof estado.estadoResponse>>();
  });
});
