import type { ImportacionMapeo } from '@intranet/contract/shared/importacion';
import { normalizarEncabezado } from './mapeo.ts';
import { CAMPO_ID, type CampoImportado, type Crudos, type Existente, type ImportacionSpec } from './spec.ts';

/** The export guards text a spreadsheet would run as a formula with a leading `'` (lists/csv.ts): read it back. */
const sinGuarda = (texto: string): string => (/^'[=+\-@\t\r]/.test(texto) ? texto.slice(1) : texto);

const SI = new Set(['si', 'yes', 'true', 'verdadero', '1', 'x', 's', 'y']);
const NO = new Set(['no', 'false', 'falso', '0', 'n']);

const FECHA_INVALIDA = 'Fecha inválida (dd/mm/aaaa o aaaa-mm-dd)';

/** A day as aaaa-mm-dd from aaaa-mm-dd, an instant in ISO 8601, or dd/mm/aaaa; undefined when it is none. */
function dia(texto: string): string | undefined {
  const ar = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(texto);
  const iso = /^(\d{4})-(\d{2})-(\d{2})(T.*)?$/.exec(texto);
  const [a, m, d] = ar
    ? [ar[3]!, ar[2]!.padStart(2, '0'), ar[1]!.padStart(2, '0')]
    : iso
      ? [iso[1]!, iso[2]!, iso[3]!]
      : [];
  if (!a || !m || !d) return undefined;
  const fecha = new Date(Date.UTC(Number(a), Number(m) - 1, Number(d)));
  return fecha.getUTCMonth() === Number(m) - 1 && fecha.getUTCDate() === Number(d) ? `${a}-${m}-${d}` : undefined;
}

/** The value of one cell as the contract's schema reads it, or the Spanish reason it cannot be one. */
export function leerCelda(campo: CampoImportado, celda: string): { valor: unknown } | { error: string } {
  const texto = sinGuarda(celda.trim());
  switch (campo.tipo ?? 'texto') {
    case 'texto':
      return { valor: texto === '' ? null : texto };
    case 'numero': {
      if (texto === '') return { valor: null };
      const n = Number(texto.replace(/\s/g, '').replace(',', '.'));
      return Number.isFinite(n) ? { valor: n } : { error: 'Debe ser un número' };
    }
    case 'fecha': {
      if (texto === '') return { valor: null };
      const valor = dia(texto);
      return valor ? { valor } : { error: FECHA_INVALIDA };
    }
    case 'booleano': {
      if (texto === '') return { valor: undefined };
      const n = normalizarEncabezado(texto);
      if (SI.has(n)) return { valor: true };
      if (NO.has(n)) return { valor: false };
      return { error: 'Debe ser Sí o No' };
    }
    case 'lista': {
      if (texto === '') return { valor: undefined };
      const n = normalizarEncabezado(texto);
      const opcion = Object.entries(campo.opciones ?? {}).find(
        ([valor, nombre]) => normalizarEncabezado(valor) === n || normalizarEncabezado(nombre) === n,
      );
      return opcion
        ? { valor: opcion[0] }
        : { error: `Valor no válido; use uno de: ${Object.values(campo.opciones ?? {}).join(', ')}` };
    }
  }
}

/** Where each mapped field is in the file's rows. */
export type Indices = readonly (readonly [CampoImportado, number])[];

export function indicesDe(
  spec: { campos: readonly CampoImportado[] },
  columnas: readonly string[],
  mapeo: ImportacionMapeo,
): Indices {
  return spec.campos.flatMap((c) => {
    const columna = mapeo[c.campo];
    const i = columna === null || columna === undefined ? -1 : columnas.indexOf(columna);
    return i < 0 ? [] : [[c, i] as const];
  });
}

/** One row of the file as read through the mapping. */
export interface FilaLeida {
  /** Its number in the file: the header is row 1. */
  fila: number;
  /** The mapped cells as the file says them, by field. */
  textos: Record<string, string>;
  /** The mapped cells read (an unreadable cell is left out and has its error). */
  crudos: Crudos;
  errores: Record<string, string[]>;
}

export function leerFila(indices: Indices, celdas: readonly string[], fila: number): FilaLeida {
  const textos: Record<string, string> = {};
  const crudos: Crudos = {};
  const errores: Record<string, string[]> = {};
  for (const [campo, i] of indices) {
    const celda = celdas[i] ?? '';
    textos[campo.campo] = celda;
    if (campo.vacioPorDefecto && celda.trim() === '') continue;
    const leido = leerCelda(campo, celda);
    if ('error' in leido) errores[campo.campo] = [leido.error];
    else if (leido.valor !== undefined) crudos[campo.campo] = leido.valor;
  }
  return { fila, textos, crudos, errores };
}

/** The record's id only finds the row: the contract's payload has no such field. */
function sinId(crudos: Crudos): Crudos {
  const { [CAMPO_ID]: _id, ...resto } = crudos;
  return resto;
}

/** Field errors of the schema and the area's own rules, added to the row's; the values when there are none. */
export function validar<V extends Crudos>(
  spec: ImportacionSpec<V>,
  leida: FilaLeida,
  existente: Existente | undefined,
): { valores: V; errores?: undefined } | { valores?: undefined; errores: Record<string, string[]> } {
  const errores: Record<string, string[]> = { ...leida.errores };
  const requeridos = spec.campos.filter(
    (c) => c.requerido && !existente && (leida.crudos[c.campo] === undefined || leida.crudos[c.campo] === null),
  );
  for (const c of requeridos) errores[c.campo] ??= ['Es obligatorio'];
  const crudos = spec.existentesPorId ? sinId(leida.crudos) : leida.crudos;
  const resultado = spec.esquema.safeParse({ ...existente?.valores, ...crudos });
  if (!resultado.success) {
    for (const issue of resultado.error.issues) {
      const campo = String(issue.path[0] ?? '');
      if (!errores[campo]) errores[campo] = [issue.message];
    }
  }
  const reglas = resultado.success ? (spec.revisar?.(resultado.data, existente) ?? []) : [];
  if (reglas.length > 0) errores[''] = reglas;
  return Object.keys(errores).length > 0 || !resultado.success ? { errores } : { valores: resultado.data };
}

/** The row's errors as one Spanish text: «Tipo: Elija un tipo; CUIT: dígito verificador inválido». */
export function textoDeErrores(
  spec: { campos: readonly CampoImportado[] },
  errores: Record<string, string[]>,
): string[] {
  return Object.entries(errores).flatMap(([campo, mensajes]) => {
    const titulo = spec.campos.find((c) => c.campo === campo)?.titulo;
    return mensajes.map((m) => (titulo ? `${titulo}: ${m}` : m));
  });
}
