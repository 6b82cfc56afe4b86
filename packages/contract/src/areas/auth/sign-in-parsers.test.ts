import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import * as auth from '../auth.ts';
import * as config from '@intranet/contract/shared/config';
import * as envelope from '@intranet/contract/shared/envelope';
import * as estado from '@intranet/contract/shared/estado';
import * as twins from '@intranet/contract/shared/sign-in-parsers';

type AnyParser = { safeParse: (input: unknown) => z.core.util.SafeParseResult<unknown> | twins.ParseResult<unknown> };

/** What a schema makes of an input: its data, or the first message of each offending field. */
function outcome(schema: AnyParser, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { errors };
}

const sesion = { token: 't', usuario: { nombre: 'Ana', roles: ['Administrador'], usuario: 'ana' } };
const config0 = { api: '', instaladores: '/i', store: '/s', versiones: '/v', archivos: '/a', sitio: 'ORG' };

const formInputs = [
  { username: '', password: '' },
  { username: '  ', password: 'x' },
  { username: ' ana ', password: ' c ' },
  { username: 'a'.repeat(201), password: 'b'.repeat(501) },
  { username: ` ${'a'.repeat(200)} `, password: 'b'.repeat(500) },
  { username: 'ana', password: '' },
  {},
  { username: 3, password: null },
];

const pairs: { name: string; classic: AnyParser; twin: AnyParser; inputs: unknown[] }[] = [
  {
    name: 'loginRequest',
    classic: auth.loginRequest,
    twin: twins.loginRequest,
    inputs: [...formInputs, { username: 'ana', password: 'x', extra: 1 }, null, [], 'x'],
  },
  {
    name: 'loginResponse',
    classic: auth.loginResponse,
    twin: twins.loginResponse,
    inputs: [
      { error: null, datos: sesion },
      { error: 'No', datos: null },
      { error: null, datos: { token: 't' } },
      { datos: null },
      { error: null, datos: { ...sesion, extra: 1, usuario: { ...sesion.usuario, roles: [], mas: true } }, otro: 2 },
      { error: null, datos: { ...sesion, usuario: { ...sesion.usuario, roles: [1] } } },
      { error: 1, datos: null },
      [],
      'x',
      null,
      // The second factor: a challenge instead of a session, and a session that must enrol it first.
      { error: 'Ingrese el código', datos: null, segundo_paso: { desafio: 'abc' } },
      { error: 'x', datos: null, segundo_paso: { desafio: 1 } },
      { error: 'x', datos: null, segundo_paso: null },
      { error: null, datos: { ...sesion, usuario: { ...sesion.usuario, segundo_factor_pendiente: true } } },
      { error: null, datos: { ...sesion, usuario: { ...sesion.usuario, segundo_factor_pendiente: 'si' } } },
    ],
  },
  {
    name: 'oidcProveedor',
    classic: auth.oidcProveedor,
    twin: twins.oidcProveedor,
    inputs: [
      { error: null, datos: { nombre: 'Entra ID' } },
      { error: null, datos: null },
      { error: null, datos: { nombre: 1 } },
      { error: null, datos: { nombre: 'x', otro: 1 } },
      {},
    ],
  },
  {
    name: 'runtimeConfig',
    classic: config.runtimeConfig,
    twin: twins.runtimeConfig,
    inputs: [
      config0,
      { ...config0, extra: true },
      { ...config0, api: 1 },
      { ...config0, sitio: undefined },
      {},
      [],
      null,
    ],
  },
  {
    name: 'errorBody',
    classic: envelope.errorBody,
    twin: twins.errorBody,
    inputs: [
      { error: 'Mal', datos: null },
      { error: 'Mal', datos: null, campos: { a: ['x'], 'b.0.c': [] } },
      { error: 'Mal', datos: null, campos: undefined },
      { error: 'Mal', datos: null, campos: { a: 'x' } },
      { error: 'Mal', datos: null, campos: null },
      { error: 'Mal', datos: null, campos: [] },
      { error: 'Mal', datos: {} },
      { error: null, datos: null },
      { error: 'Mal', datos: null, otro: 1 },
      null,
    ],
  },
  {
    name: 'okBody',
    classic: envelope.okBody,
    twin: twins.okBody,
    inputs: [
      { error: null, datos: null },
      { error: 'x', datos: null, otro: 1 },
      { error: null, datos: 1 },
      { error: null },
      {},
    ],
  },
  {
    name: 'estadoResponse',
    classic: estado.estadoResponse,
    twin: twins.estadoResponse,
    inputs: [
      { error: null, datos: { version: '1.2.3', otra: 1 } },
      { error: null, datos: null },
      { error: null, datos: { version: 3 } },
      { datos: { version: '1' } },
    ],
  },
];

describe('zod-free twins of the sign-in schemas', () => {
  it.each(pairs)('$name accepts, refuses and cleans the same inputs', ({ classic, twin, inputs }) => {
    for (const input of inputs) {
      const expected = outcome(classic, input);
      const actual = outcome(twin, input);
      expect(actual.data, JSON.stringify(input)).toStrictEqual(expected.data);
      expect(Boolean(actual.errors), JSON.stringify(input)).toBe(Boolean(expected.errors));
    }
  });

  it('words the login form errors the same, field by field', () => {
    for (const input of formInputs) {
      expect(outcome(twins.loginRequest, input), JSON.stringify(input)).toEqual(outcome(auth.loginRequest, input));
    }
    expect(outcome(twins.loginRequest, { username: '', password: '' }).errors).toEqual({
      username: 'Este campo es requerido',
      password: 'Este campo es requerido',
    });
  });

  it('has the same types', () => {
    expectTypeOf(twins.loginRequest).toEqualTypeOf<twins.Parser<z.output<typeof auth.loginRequest>>>();
    expectTypeOf(twins.loginResponse).toEqualTypeOf<twins.Parser<z.output<typeof auth.loginResponse>>>();
    expectTypeOf(twins.oidcProveedor).toEqualTypeOf<twins.Parser<z.output<typeof auth.oidcProveedor>>>();
    expectTypeOf(twins.runtimeConfig).toEqualTypeOf<twins.Parser<z.output<typeof config.runtimeConfig>>>();
    expectTypeOf(twins.errorBody).toEqualTypeOf<twins.Parser<z.output<typeof envelope.errorBody>>>();
    expectTypeOf(twins.okBody).toEqualTypeOf<twins.Parser<z.output<typeof envelope.okBody>>>();
    expectTypeOf(twins.estadoResponse).toEqualTypeOf<twins.Parser<z.output<typeof estado.estadoResponse>>>();
  });
});
