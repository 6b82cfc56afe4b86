import type { FieldErrors } from '@intranet/contract/shared/envelope';
import type { FastifyInstance } from 'fastify';
import { CamposConError } from '../core/api-error.ts';
import { MENSAJES } from '../messages.ts';
import { sendError } from './errors.ts';

/** Deeper than this, no form or document of the portal goes; a deeper value is refused before it is walked. */
export const MAX_ANIDAMIENTO = 128;

/** NUL, which PostgreSQL refuses in text and jsonb, and a UTF-16 half without its pair, which it cannot encode. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is the character this pattern exists to find.
const NO_ADMITIDO = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const textoAdmitido = (texto: string): boolean => !NO_ADMITIDO.test(texto);

/**
 * The field errors of a request's params, query or body: every string (and key) that holds NUL or a lone
 * surrogate, named by its dotted path; a value nested too deep is named once at the level it overflows.
 */
export function camposNoAdmitidos(partes: Readonly<Record<string, unknown>>): FieldErrors {
  const campos = new CamposConError();
  const marcar = (ruta: string, mensaje: string) => campos.add(ruta, mensaje);
  // Iterative, so that a hostile nesting cannot overflow the stack here.
  const pendientes: { valor: unknown; ruta: string; nivel: number; parte: string }[] = Object.entries(partes).map(
    ([parte, valor]) => ({ valor, ruta: '', nivel: 0, parte }),
  );
  for (let item = pendientes.pop(); item; item = pendientes.pop()) {
    const { valor, ruta, nivel, parte } = item;
    const nombre = ruta || parte;
    if (typeof valor === 'string') {
      if (!textoAdmitido(valor)) marcar(nombre, MENSAJES.caracterNoAdmitido);
      continue;
    }
    if (valor === null || typeof valor !== 'object' || Buffer.isBuffer(valor) || !esPlano(valor)) continue;
    if (nivel >= MAX_ANIDAMIENTO) {
      marcar(nombre, MENSAJES.demasiadoAnidado(MAX_ANIDAMIENTO));
      continue;
    }
    for (const [clave, hijo] of Object.entries(valor)) {
      const rutaHijo = ruta ? `${ruta}.${clave}` : clave;
      if (!textoAdmitido(clave)) {
        marcar(rutaHijo.replace(NO_ADMITIDO_G, '\uFFFD'), MENSAJES.caracterNoAdmitido);
        continue;
      }
      pendientes.push({ valor: hijo, ruta: rutaHijo, nivel: nivel + 1, parte });
    }
  }
  return campos.toJSON();
}

const NO_ADMITIDO_G = new RegExp(NO_ADMITIDO.source, 'g');

/**
 * A parsed JSON value, an array, or the query and params objects (whose prototype is itself an object without
 * one): not a stream, a buffer or another class's instance.
 */
function esPlano(valor: object): boolean {
  if (Array.isArray(valor)) return true;
  const proto: object | null = Object.getPrototypeOf(valor) as object | null;
  return proto === null || proto === Object.prototype || Object.getPrototypeOf(proto) === null;
}

/**
 * Text PostgreSQL cannot store is refused where it enters, for every route at once: a 400 naming the field,
 * never the database's refusal as a 500. The error intake keeps what SDKs send and normalises it itself.
 */
export function inputText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    if (request.routeOptions.config.sentryIntake) return;
    const campos = camposNoAdmitidos({ params: request.params, query: request.query, body: request.body });
    if (Object.keys(campos).length > 0) return sendError(reply, 400, MENSAJES.datosInvalidos, campos);
  });
}
