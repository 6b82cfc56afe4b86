import type { AreaDescriptor } from '../../area.ts';
import { busquedaInsights } from './busqueda.ts';
import { insightsAlertas } from './alertas.ts';
import { conflictos } from './conflicts.ts';
import { revisarMonitoresTarea } from './monitores/crons.ts';
import { monitorearTareasPropias } from './monitores/crons-propios.ts';
import { volverIgnoradosTarea } from './ignorados.ts';
import { reportarErroresPropios } from './propio.ts';
import { retencionEventos } from './retencion.ts';
import { reagruparConMapas } from './sourcemaps/reagrupar.ts';
import { insightsAuditoria, insightsRoutes } from './routes.ts';
import { seedInsights } from './seed.ts';

/** The error monitor: the Sentry intake, projects, issues and their events. */
export const insights: AreaDescriptor = {
  name: 'insights',
  documentacion: {
    insights: 'Monitor de errores: recepción compatible con Sentry, proyectos, problemas y eventos.',
  },
  routes: [insightsRoutes],
  permisos: ['SER#VER', 'INSIGHTS#EDITAR'],
  hooks: (app, deps) => {
    reportarErroresPropios(app, deps);
    // The portal's own jobs check in to its own project's cron monitors.
    monitorearTareasPropias(deps);
  },
  auditoria: insightsAuditoria,
  conflictos,
  eventos: insightsAlertas,
  tareas: [retencionEventos, reagruparConMapas, volverIgnoradosTarea, revisarMonitoresTarea],
  seed: seedInsights,
  busqueda: [busquedaInsights],
  vivas: [
    { lista: 'insights-issues', permiso: 'SER#VER', tablas: ['insights_issues', 'insights_proyectos', 'personas'] },
  ],
};
