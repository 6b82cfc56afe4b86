import { z } from 'zod';
import { ACTUALIZACION_RESULTADOS, RESULTADO_ETIQUETA } from '@intranet/contract/shared/entre-areas';
import { DESARROLLO_PRIORIDAD_NOMBRES, DESARROLLO_PRIORIDADES } from '@intranet/contract/shared/entre-areas';
import { MAQUINA_TIPO_NOMBRES, MAQUINA_TIPOS } from '@intranet/contract/shared/entre-areas';
import { PERMISSION_CODES, type PermissionCode } from '../registry.ts';

// ---- Reportes. The route needs PROD#VER; each report also needs the codes of the
// data it reads. Every report is declared once here, as data: the server adds only its query. ----

// ---- Parameters ----

const ZONA = 'America/Argentina/Buenos_Aires';
/** More months than this in one run is a mistake, not a report. */
export const MAX_MESES = 60;

/** Today's month in Buenos Aires moved `delta` months, as yyyy-mm. */
export function mesActual(delta = 0, hoy = new Date()): string {
  const [y, m] = new Intl.DateTimeFormat('en-CA', { timeZone: ZONA, year: 'numeric', month: '2-digit' })
    .format(hoy)
    .split('-')
    .map(Number);
  const total = y! * 12 + (m! - 1) + delta;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
}

/** Today in Buenos Aires moved `delta` days, as yyyy-mm-dd. */
export function diaActual(delta = 0, hoy = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONA }).format(new Date(hoy.getTime() + delta * 86_400_000));
}

/** How many months from `desde` to `hasta`, both included (yyyy-mm). */
export const mesesEntre = (desde: string, hasta: string): number => {
  const n = (mes: string) => Number(mes.slice(0, 4)) * 12 + Number(mes.slice(5, 7));
  return n(hasta) - n(desde) + 1;
};

const mes = z.string({ error: 'Este campo es requerido' }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Mes inválido (aaaa-mm)');
const dia = z.iso.date({ error: 'Fecha inválida (aaaa-mm-dd)' });

/** `desde` and `hasta` months, by default from `desdeDelta` to `hastaDelta` months away from this one. */
const rangoMeses = (desdeDelta: number, hastaDelta: number) => ({
  desde: mes.default(() => mesActual(desdeDelta)),
  hasta: mes.default(() => mesActual(hastaDelta)),
});
const rangoFechas = (desdeDelta: number) => ({
  desde: dia.default(() => diaActual(desdeDelta)),
  hasta: dia.default(() => diaActual()),
});

/** The end of a range not before its start, and months at most MAX_MESES. */
function rangoValido(v: { desde: string; hasta: string }, ctx: z.RefinementCtx): void {
  if (v.hasta < v.desde)
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: 'El final no puede ser anterior al inicio' });
  else if (v.desde.length === 7 && mesesEntre(v.desde, v.hasta) > MAX_MESES) {
    ctx.addIssue({ code: 'custom', path: ['hasta'], message: `Máximo ${MAX_MESES} meses` });
  }
}

/** An optional record id from a query string or a form: blank and null are "all". */
const idOpcional = (mensaje: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ error: mensaje }).int(mensaje).positive(mensaje).optional(),
  );

const opcion = <const T extends readonly [string, ...string[]]>(valores: T, porDefecto: T[number]) =>
  z.enum(valores, { error: `Elija una de: ${valores.join(', ')}` }).default(porDefecto);

/**
 * How the form draws a parameter. Ranges use the keys `desde` and `hasta`; empresa `empresa_id`;
 * producto `producto_id`.
 */
export const parametroDef = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('rango_meses'), etiqueta: z.string() }),
  z.object({ tipo: z.literal('rango_fechas'), etiqueta: z.string() }),
  z.object({ tipo: z.literal('empresa'), etiqueta: z.string() }),
  z.object({ tipo: z.literal('producto'), etiqueta: z.string() }),
  z.object({
    tipo: z.literal('opcion'),
    clave: z.string(),
    etiqueta: z.string(),
    opciones: z.array(z.object({ valor: z.string(), etiqueta: z.string() })),
  }),
]);
export type ParametroDef = z.infer<typeof parametroDef>;

const opciones = <const T extends string>(etiquetas: Record<T, string>) =>
  Object.entries<string>(etiquetas).map(([valor, etiqueta]) => ({ valor, etiqueta }));

// ---- Columns and chart ----

export const COLUMNA_TIPOS = ['texto', 'numero', 'mes'] as const;
export const columnaDef = z.object({
  clave: z.string(),
  titulo: z.string(),
  tipo: z.enum(COLUMNA_TIPOS),
  /** Summed into the totals row (counts that add up; not distinct counts). */
  total: z.boolean().optional(),
  /** Data some callers may not read: the column (and its series) is left out for them. */
  permiso: z.enum(PERMISSION_CODES as [PermissionCode, ...PermissionCode[]]).optional(),
});
export type ColumnaDef = z.infer<typeof columnaDef>;

export const GRAFICO_TIPOS = ['barras', 'barras_apiladas', 'lineas'] as const;
export const graficoDef = z.object({
  tipo: z.enum(GRAFICO_TIPOS),
  x: z.string(),
  series: z.array(z.string()),
  /** A series' colour where its meaning has one (a Mantine colour: 'green.6'); the others take the palette's. */
  colores: z.record(z.string(), z.string()).optional(),
});
export type GraficoDef = z.infer<typeof graficoDef>;

// ---- The catalogue ----

export interface ReporteDef<S extends z.ZodType = z.ZodType> {
  nombre: string;
  descripcion: string;
  /** The codes of the data it reads, all needed (besides PROD#VER, the route's). */
  permisos: readonly PermissionCode[];
  parametros: readonly ParametroDef[];
  schema: S;
  columnas: readonly ColumnaDef[];
  grafico: GraficoDef;
}

const reporte = <S extends z.ZodType>(def: ReporteDef<S>) => def;
const col = (clave: string, titulo: string, extra: Partial<ColumnaDef> = {}): ColumnaDef => ({
  clave,
  titulo,
  tipo: 'numero',
  total: true,
  ...extra,
});
const mesCol = col('mes', 'Mes', { tipo: 'mes', total: false });
const CLIENTES_ESTADOS = { activos: 'Activos', todos: 'Todos', inactivos: 'Inactivos' } as const;
const clientesParam = {
  tipo: 'opcion',
  clave: 'clientes',
  etiqueta: 'Clientes',
  opciones: opciones(CLIENTES_ESTADOS),
} as const;
const clientes = opcion(['activos', 'todos', 'inactivos'], 'activos');
const CANALES = { todos: 'Todos', estable: 'Estable', beta: 'Beta', hotfix: 'Hotfix' } as const;
const GARANTIAS = { todas: 'Todas', vigente: 'Vigente', vencida: 'Vencida o sin garantía' } as const;
export const SIN_VERSION = 'Sin versión';

export const REPORTES = {
  'clientes-por-version': reporte({
    nombre: 'Clientes por versión de Physis',
    descripcion:
      'Cuántos clientes tienen cada versión de Physis (la más alta de sus servidores) y cuántos servidores la corren.',
    permisos: ['CLIENTES#VER'],
    parametros: [clientesParam],
    schema: z.object({ clientes }).strict(),
    columnas: [
      col('version', 'Versión', { tipo: 'texto', total: false }),
      col('clientes', 'Clientes'),
      col('servidores', 'Servidores'),
    ],
    grafico: { tipo: 'barras', x: 'version', series: ['clientes', 'servidores'] },
  }),
  'vencimientos-por-mes': reporte({
    nombre: 'Vencimientos por mes',
    descripcion:
      'Certificados AFIP, CAI de puntos de venta, licencias Physis y, para quien ve sitios, SSL y dominios que vencen en cada mes.',
    permisos: ['CLIENTES#VER'],
    parametros: [
      { tipo: 'rango_meses', etiqueta: 'Meses' },
      { tipo: 'empresa', etiqueta: 'Cliente' },
    ],
    schema: z
      .object({ ...rangoMeses(0, 11), empresa_id: idOpcional('Cliente inválido') })
      .strict()
      .superRefine(rangoValido),
    columnas: [
      mesCol,
      col('certificados', 'Certificados AFIP'),
      col('cai', 'CAI'),
      col('licencias', 'Licencias Physis'),
      col('ssl', 'SSL de sitios', { permiso: 'SUBPROD#VER' }),
      col('dominios', 'Dominios de sitios', { permiso: 'SUBPROD#VER' }),
    ],
    grafico: { tipo: 'barras_apiladas', x: 'mes', series: ['certificados', 'cai', 'licencias', 'ssl', 'dominios'] },
  }),
  'maquinas-por-estado': reporte({
    nombre: 'Máquinas por estado',
    descripcion: 'El inventario de máquinas por estado y tipo.',
    permisos: ['PHY-MAQ#TODO'],
    parametros: [{ tipo: 'opcion', clave: 'garantia', etiqueta: 'Garantía', opciones: opciones(GARANTIAS) }],
    schema: z.object({ garantia: opcion(['todas', 'vigente', 'vencida'], 'todas') }).strict(),
    columnas: [
      col('estado', 'Estado', { tipo: 'texto', total: false }),
      ...MAQUINA_TIPOS.map((t) => col(t, MAQUINA_TIPO_NOMBRES[t])),
      col('total', 'Total'),
    ],
    grafico: { tipo: 'barras_apiladas', x: 'estado', series: [...MAQUINA_TIPOS] },
  }),
  'descargas-por-mes': reporte({
    nombre: 'Paquetes descargados por mes',
    descripcion: 'Descargas de paquetes de instalación en cada mes y cuántos paquetes distintos se descargaron.',
    permisos: ['PACKS#VER'],
    parametros: [
      { tipo: 'rango_meses', etiqueta: 'Meses' },
      { tipo: 'producto', etiqueta: 'Producto' },
      { tipo: 'opcion', clave: 'canal', etiqueta: 'Canal', opciones: opciones(CANALES) },
    ],
    schema: z
      .object({
        ...rangoMeses(-11, 0),
        producto_id: idOpcional('Producto inválido'),
        canal: opcion(['todos', 'estable', 'beta', 'hotfix'], 'todos'),
      })
      .strict()
      .superRefine(rangoValido),
    columnas: [mesCol, col('descargas', 'Descargas'), col('paquetes', 'Paquetes distintos', { total: false })],
    grafico: { tipo: 'lineas', x: 'mes', series: ['descargas', 'paquetes'] },
  }),
  'descargas-por-paquete': reporte({
    nombre: 'Descargas por paquete',
    descripcion: 'Los paquetes de instalación más descargados entre dos fechas.',
    permisos: ['PACKS#VER'],
    parametros: [
      { tipo: 'rango_fechas', etiqueta: 'Fechas' },
      { tipo: 'producto', etiqueta: 'Producto' },
    ],
    schema: z
      .object({ ...rangoFechas(-29), producto_id: idOpcional('Producto inválido') })
      .strict()
      .superRefine(rangoValido),
    columnas: [
      col('paquete', 'Paquete', { tipo: 'texto', total: false }),
      col('version', 'Versión', { tipo: 'texto', total: false }),
      col('descargas', 'Descargas'),
    ],
    grafico: { tipo: 'barras', x: 'paquete', series: ['descargas'] },
  }),
  'actualizaciones-por-mes': reporte({
    nombre: 'Actualizaciones por resultado',
    descripcion: 'Actualizaciones aplicadas en servidores de clientes cada mes, por resultado.',
    permisos: ['CLIENTES#VER'],
    parametros: [
      { tipo: 'rango_meses', etiqueta: 'Meses' },
      { tipo: 'empresa', etiqueta: 'Cliente' },
      { tipo: 'producto', etiqueta: 'Producto' },
    ],
    schema: z
      .object({
        ...rangoMeses(-11, 0),
        empresa_id: idOpcional('Cliente inválido'),
        producto_id: idOpcional('Producto inválido'),
      })
      .strict()
      .superRefine(rangoValido),
    columnas: [mesCol, ...ACTUALIZACION_RESULTADOS.map((r) => col(r, RESULTADO_ETIQUETA[r])), col('total', 'Total')],
    grafico: {
      tipo: 'barras_apiladas',
      x: 'mes',
      series: [...ACTUALIZACION_RESULTADOS],
      colores: { ok: 'green.6', error: 'red.6', parcial: 'orange.5' },
    },
  }),
  'clientes-desactualizados': reporte({
    nombre: 'Clientes desactualizados por producto',
    descripcion: 'Por producto, su última versión publicada y cuántos clientes la tienen o siguen en una anterior.',
    permisos: ['CLIENTES#VER'],
    parametros: [clientesParam],
    schema: z.object({ clientes }).strict(),
    columnas: [
      col('producto', 'Producto', { tipo: 'texto', total: false }),
      col('ultima_version', 'Última versión', { tipo: 'texto', total: false }),
      col('al_dia', 'Al día'),
      col('desactualizados', 'Desactualizados'),
    ],
    grafico: {
      tipo: 'barras_apiladas',
      x: 'producto',
      series: ['al_dia', 'desactualizados'],
      colores: { al_dia: 'green.6', desactualizados: 'orange.5' },
    },
  }),
  'desarrollos-por-estado': reporte({
    nombre: 'Desarrollos por estado',
    descripcion: 'Los desarrollos en cada estado, por prioridad, con sus horas estimadas y reales.',
    permisos: ['SER#VER'],
    parametros: [
      { tipo: 'producto', etiqueta: 'Producto' },
      { tipo: 'empresa', etiqueta: 'Cliente' },
    ],
    schema: z
      .object({ producto_id: idOpcional('Producto inválido'), empresa_id: idOpcional('Cliente inválido') })
      .strict(),
    columnas: [
      col('estado', 'Estado', { tipo: 'texto', total: false }),
      ...DESARROLLO_PRIORIDADES.map((p) => col(p, DESARROLLO_PRIORIDAD_NOMBRES[p])),
      col('total', 'Total'),
      col('horas_estimadas', 'Horas estimadas'),
      col('horas_reales', 'Horas reales'),
    ],
    grafico: { tipo: 'barras_apiladas', x: 'estado', series: [...DESARROLLO_PRIORIDADES] },
  }),
} as const satisfies Record<string, ReporteDef>;

export type ReporteId = keyof typeof REPORTES;
export const REPORTE_IDS = Object.keys(REPORTES) as ReporteId[];
export const isReporteId = (id: string): id is ReporteId => Object.hasOwn(REPORTES, id);
/** The parsed parameters of one report. */
export type ReporteParams<K extends ReporteId> = z.output<(typeof REPORTES)[K]['schema']>;

// ---- The wire ----

export const reporteIdParam = z.object({ id: z.string().max(60) }).strict();

/** `GET /api/reportes`: a report as the catalogue shows it (only the columns the caller may read). */
export const reporteResumen = z.object({
  id: z.string(),
  nombre: z.string(),
  descripcion: z.string(),
  permisos: z.array(z.string()),
  parametros: z.array(parametroDef),
  columnas: z.array(columnaDef),
  grafico: graficoDef,
});
export type ReporteResumen = z.infer<typeof reporteResumen>;
export const reporteCatalogo = z.array(reporteResumen);

export const reporteValor = z.union([z.string(), z.number(), z.null()]);
export const reporteFila = z.record(z.string(), reporteValor);
export type ReporteFila = z.infer<typeof reporteFila>;

/** `GET /api/reportes/:id?…`: the rows, in order, and the sums of the columns marked `total`. */
export const reporteResultado = z.object({
  id: z.string(),
  columnas: z.array(columnaDef),
  grafico: graficoDef,
  filas: z.array(reporteFila),
  totales: z.record(z.string(), z.number()).nullable(),
});
export type ReporteResultado = z.infer<typeof reporteResultado>;

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'] as const;
/** yyyy-mm as staff read it: "nov 2026". */
export const mesEtiqueta = (valor: string): string =>
  `${MESES[Number(valor.slice(5, 7)) - 1] ?? '?'} ${valor.slice(0, 4)}`;
