import { area as alertas } from './areas/alertas/area.ts';
import { area as aplicaciones } from './areas/aplicaciones/area.ts';
import { area as appsstore } from './areas/appsstore/area.ts';
import { area as archivos } from './areas/archivos/area.ts';
import { area as auditoria } from './areas/auditoria/area.ts';
import { area as auth } from './areas/auth/area.ts';
import { area as busqueda } from './areas/busqueda/area.ts';
import { area as clientes } from './areas/clientes/area.ts';
import { area as desarrollos } from './areas/desarrollos/area.ts';
import { area as insights } from './areas/insights/area.ts';
import { area as maquinas } from './areas/maquinas/area.ts';
import { area as paquetes } from './areas/paquetes/area.ts';
import { area as personas } from './areas/personas/area.ts';
import { area as productos } from './areas/productos/area.ts';
import { area as reportes } from './areas/reportes/area.ts';
import { area as servidores } from './areas/servidores/area.ts';
import { area as sitios } from './areas/sitios/area.ts';
import { area as versiones } from './areas/versiones/area.ts';
import { area as vistas } from './areas/vistas/area.ts';
import { area as vivo } from './areas/vivo/area.ts';
import type { AlertaDeclarada, AreaContrato, Permiso } from './shared/area.ts';

/**
 * Every area of the contract, once: the only list of them. Each declares its parts in areas/<area>/area.ts
 * (shared/area.ts says what a declaration holds), and the catalogues below are built from the declarations.
 * In the order of the web's menu (an area at its first entry), then the areas without one.
 */
export const AREAS = [
  clientes,
  maquinas,
  personas,
  servidores,
  appsstore,
  productos,
  aplicaciones,
  sitios,
  reportes,
  versiones,
  desarrollos,
  paquetes,
  insights,
  alertas,
  auth,
  archivos,
  auditoria,
  busqueda,
  vistas,
  vivo,
] as const satisfies readonly AreaContrato[];

type Area = (typeof AREAS)[number];
const DECLARACIONES: readonly AreaContrato[] = AREAS;

/**
 * The order of each catalogue as clients see it: the role editor's groups, the palette's headings, "Mis alertas",
 * the API's messages that list the kinds and the lists. These orders were set by hand, one list at a time, and no
 * one order of the areas gives them all; they are kept as they were. What is not named here comes after, in the
 * order of AREAS: a new area's parts need no line here.
 */
const ORDEN = {
  permisos: [
    'CLIENTES#VER',
    'CLIENTES#EDITAR',
    'CLIENTES#CERTIFICADOS',
    'PHY-MAQ#TODO',
    'PHY-PER#TODO',
    'USUARIOS#ADMIN',
    '>SERDNS#VER',
    'SERDNS#EDITAR',
    'APPSSTORE#CONFIG',
    'PROD#VER',
    'PROD#EDITAR',
    'APP#VER',
    'APP#EDITAR',
    'SUBPROD#VER',
    'SUBPROD#EDITAR',
    'SER#VER',
    'SER#EDITAR',
    'DESARROLLOS#EDITAR',
    'INSIGHTS#EDITAR',
    'PACKS#VER',
    'PACKS#EDITAR',
    'VERSIONES#EDITAR',
    'ALERTAS#ADMIN',
  ],
  busqueda: [
    'clientes',
    'servidores',
    'dns',
    'personas',
    'maquinas',
    'productos',
    'aplicaciones',
    'sitios',
    'versiones',
    'paquetes',
    'desarrollos',
    'insights',
  ],
  vistas: [
    'clientes',
    'vencimientos-afip',
    'vencimientos-physis',
    'actualizaciones',
    'maquinas',
    'personas',
    'roles',
    'servidores',
    'dns',
    'productos',
    'aplicaciones',
    'sitios',
    'sitios-vencimientos',
    'versiones',
    'paquetes',
    'desarrollos',
    'insights-issues',
  ],
  vivas: [
    'servidores',
    'dns',
    'insights-issues',
    'desarrollos',
    'paquetes',
    'clientes',
    'maquinas',
    'personas',
    'productos',
    'aplicaciones',
    'sitios',
    'sitios-vencimientos',
    'versiones',
    'vencimientos-afip',
    'vencimientos-physis',
    'actualizaciones',
    'notificaciones',
  ],
  alertas: ['certificado', 'punto_venta', 'licencia', 'sitio', 'garantia', 'monitor', 'sitio_falla', 'tarea'],
};

/** The items in the order `orden` names them; those it does not name after, in their own order. */
function ordenar<T>(items: readonly T[], clave: (item: T) => string, orden: readonly string[]): T[] {
  const lugar = (item: T) => {
    const i = orden.indexOf(clave(item));
    return i === -1 ? orden.length : i;
  };
  return [...items].sort((a, b) => lugar(a) - lugar(b));
}

// ---- Permission codes ----

type CodigosDe<A> = A extends { readonly permisos: infer P } ? keyof P & string : never;
export type PermissionCode = CodigosDe<Area>;

/**
 * The catalogue of permission codes. The ten codes the specification fixes keep their exact spelling
 * (including `>SERDNS#VER`); each area also gets a write code, so that writing is granted apart from reading.
 */
export const PERMISSIONS = Object.fromEntries(
  ordenar(
    DECLARACIONES.flatMap((area) => Object.entries(area.permisos ?? {})),
    ([codigo]) => codigo,
    ORDEN.permisos,
  ),
) as Readonly<Record<PermissionCode, Permiso>>;
export const PERMISSION_CODES = Object.keys(PERMISSIONS) as PermissionCode[];

/** A code's entry, its optional parts readable whatever the code. */
export const permiso = (code: PermissionCode): Permiso => PERMISSIONS[code];

export const isPermissionCode = (code: string): code is PermissionCode => Object.hasOwn(PERMISSIONS, code);

// ---- The command palette's kinds ----

type TiposDe<A> = A extends { readonly busqueda: readonly (infer B)[] }
  ? B extends { readonly tipo: infer T extends string }
    ? T
    : never
  : never;
export type BusquedaTipo = TiposDe<Area>;

const BUSQUEDA = ordenar(
  DECLARACIONES.flatMap((area) => area.busqueda ?? []),
  (b) => b.tipo,
  ORDEN.busqueda,
);
/**
 * The kinds of record the palette finds, in the order it shows them; each is what its filter prefix
 * names (`cli: acme`).
 */
export const BUSQUEDA_TIPOS = BUSQUEDA.map((b) => b.tipo) as readonly BusquedaTipo[];
/** What each kind is called in the palette, and the other words its filter prefix may be. */
export const BUSQUEDA_NOMBRES = Object.fromEntries(
  BUSQUEDA.map(({ tipo, nombre, alias }) => [tipo, { nombre, alias }]),
) as Readonly<Record<BusquedaTipo, { nombre: string; alias: readonly string[] }>>;

// ---- Saved views ----

type VistasDe<A> = A extends { readonly vistas: infer V } ? keyof V & string : never;
export type VistaLista = VistasDe<Area>;

/**
 * The lists whose state can be saved as views, by the table's id on the web, with the code that
 * reads each: a shared view is seen by everyone who holds it.
 */
export const VISTA_LISTAS = Object.fromEntries(
  ordenar(
    DECLARACIONES.flatMap((area) => Object.entries(area.vistas ?? {})),
    ([lista]) => lista,
    ORDEN.vistas,
  ),
) as Readonly<Record<VistaLista, PermissionCode>>;

// ---- Live lists ----

type VivasDe<A> = A extends { readonly vivas: readonly (infer L extends string)[] } ? L : never;
export type ListaViva = VivasDe<Area>;

/** The lists that update themselves when someone else changes what they show, by the table's id on the web. */
export const LISTAS_VIVAS = ordenar(
  DECLARACIONES.flatMap((area) => area.vivas ?? []),
  (lista) => lista,
  ORDEN.vivas,
) as readonly ListaViva[];

// ---- Alert kinds ----

type AlertasDe<A> = A extends { readonly alertas: infer T } ? keyof T & string : never;
export type AlertaTipo = AlertasDe<Area>;

const ALERTAS = ordenar(
  DECLARACIONES.flatMap((area) => Object.entries(area.alertas ?? {})),
  ([tipo]) => tipo,
  ORDEN.alertas,
);
const alertasQue = (cumple: (alerta: AlertaDeclarada) => boolean): readonly AlertaTipo[] =>
  ALERTAS.filter(([, alerta]) => cumple(alerta)).map(([tipo]) => tipo as AlertaTipo);

/** What an alert is about, by its name; each kind is chosen per person and channel in "Mis alertas". */
export const ALERTA_TIPOS = Object.fromEntries(ALERTAS.map(([tipo, { nombre }]) => [tipo, nombre])) as Readonly<
  Record<AlertaTipo, string>
>;
/** The kinds that announce something that happened (not a due date): their items have no `vence`. */
export const ALERTA_TIPOS_EVENTO = alertasQue((alerta) => alerta.evento === true);
/** The kinds whose items belong to a client: a person who follows clients gets these about those clients only. */
export const ALERTA_TIPOS_CLIENTE = alertasQue((alerta) => alerta.de === 'cliente');
/** The kinds whose items belong to a monitor project: a person who follows projects gets these about those only. */
export const ALERTA_TIPOS_PROYECTO = alertasQue((alerta) => alerta.de === 'proyecto');
