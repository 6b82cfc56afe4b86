import { PLATAFORMA_NOMBRES, proyectoInput, proyectoLote, proyectoLoteExport } from '@intranet/contract/areas/insights';
import { count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { insightsProyectos } from '../../db/schema.ts';
import type { CsvColumn } from '../../lists/csv.ts';
import { cambioPorEdicion, loteRoutes } from '../../lists/lote.ts';
import { selectSource, type ListQueryBase, type ListSpec } from '../../lists/list.ts';
import type { CacheProyectos } from './intake/routes.ts';
import { eliminarProyecto, modificarProyecto, proyectoDetalle } from './proyectos.ts';

/** A project as its bulk actions and CSV read it. */
interface ProyectoFila {
  id: number;
  nombre: string;
  slug: string;
  plataforma: keyof typeof PLATAFORMA_NOMBRES;
  activo: boolean;
  limitePorMinuto: number;
  alertaPicoEventos: number;
  alertaPicoMinutos: number;
  issuesSinResolver: number;
  creado: Date;
}

/** The projects as the screen lists them: all of them (it has no filter), by name. */
const proyectosList: ListSpec<ListQueryBase> = {
  sorts: { nombre: insightsProyectos.nombre },
  defaultSort: 'nombre',
  id: insightsProyectos.id,
};

const proyectosSource = (db: Db) =>
  selectSource(
    (sortKey) =>
      db
        .select({
          id: insightsProyectos.id,
          nombre: insightsProyectos.nombre,
          slug: insightsProyectos.slug,
          plataforma: insightsProyectos.plataforma,
          activo: insightsProyectos.activo,
          limitePorMinuto: insightsProyectos.limitePorMinuto,
          alertaPicoEventos: insightsProyectos.alertaPicoEventos,
          alertaPicoMinutos: insightsProyectos.alertaPicoMinutos,
          // Qualified by hand, as in proyectos.ts: unqualified, "id" would mean the issue's.
          issuesSinResolver: sql<number>`(select count(*)::int from insights_issues i
            where i.proyecto_id = insights_proyectos.id and i.estado = 'unresolved')`,
          creado: insightsProyectos.creado,
          sortKey,
        })
        .from(insightsProyectos)
        .$dynamic(),
    () => db.select({ n: count() }).from(insightsProyectos).$dynamic(),
    (p: ProyectoFila): ProyectoFila => ({ ...p, issuesSinResolver: Number(p.issuesSinResolver) }),
  );

/** The projects' CSV: what the screen shows but the DSN, which depends on the address the caller reached. */
const proyectosCsv: readonly CsvColumn<ProyectoFila>[] = [
  { titulo: 'Nombre', valor: (p) => p.nombre },
  { titulo: 'Slug', valor: (p) => p.slug },
  { titulo: 'Plataforma', valor: (p) => PLATAFORMA_NOMBRES[p.plataforma] },
  { titulo: 'Activo', valor: (p) => p.activo },
  { titulo: 'Eventos por minuto', valor: (p) => p.limitePorMinuto },
  { titulo: 'Pico: eventos', valor: (p) => p.alertaPicoEventos },
  { titulo: 'Pico: minutos', valor: (p) => p.alertaPicoMinutos },
  { titulo: 'Issues sin resolver', valor: (p) => p.issuesSinResolver },
  { titulo: 'Creado', valor: (p) => p.creado },
];

/**
 * The bulk actions answer no project and the audit row leaves the DSN out, so the origin it is built on does
 * not matter.
 */
const SIN_ORIGEN = 'http://intranet.invalid';

/**
 * Bulk actions on the monitor's projects (INSIGHTS#EDITAR; export with SER#VER): delete them with their issues
 * and events, or turn their intake on or off, each through the single delete or edit and its audit row. Each
 * change drops the project from this process's intake cache, as the single routes do.
 */
export function proyectosLote(cache: CacheProyectos) {
  const cambiar = cambioPorEdicion(
    proyectoInput,
    (db, id) => proyectoDetalle(db, SIN_ORIGEN, id),
    (db, id, values, autor) => modificarProyecto(db, SIN_ORIGEN, id, values, autor),
  );
  return loteRoutes({
    ruta: '/api/insights/proyectos',
    tags: ['insights'],
    ver: 'SER#VER',
    editar: 'INSIGHTS#EDITAR',
    body: proyectoLote,
    exportBody: proyectoLoteExport,
    list: proyectosList,
    source: proyectosSource,
    nombre: (p) => p.nombre,
    csv: { nombre: 'proyectos-monitor', columnas: proyectosCsv },
    eliminar: async (db, id, autor) => {
      await eliminarProyecto(db, SIN_ORIGEN, id, autor);
      cache.olvidar(id);
    },
    cambiar: async (db, id, campo, valor, autor) => {
      await cambiar(db, id, campo, valor, autor);
      cache.olvidar(id);
    },
  });
}
