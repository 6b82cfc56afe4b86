import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  ComentarioInput,
  IssueBulkAsignar,
  IssueBulkEstado,
  IssueBulkIgnorar,
  IssueIgnorar,
  IssueUpdate,
  proyectoInput,
} from '@intranet/contract/areas/insights';
import { insightsApi } from '@intranet/contract/areas/insights/endpoints';
import { call, endpointUrl } from '../../core/http/endpoint.ts';

/** What a valid project form submits (the contract's parsed `proyectoInput`). */
export type ProyectoValues = z.output<typeof proyectoInput>;

/** Query keys: everything of the area under 'insights', so one invalidation refreshes lists and details. */
export const insightsKeys = {
  all: ['insights'] as const,
  issues: (params: string) => ['insights', 'issues', params] as const,
  issue: (id: number) => ['insights', 'issue', id] as const,
  evento: (id: number, evento: string) => ['insights', 'issue', id, 'evento', evento] as const,
  eventos: (id: number, page: number) => ['insights', 'issue', id, 'eventos', page] as const,
  tags: (id: number) => ['insights', 'issue', id, 'tags'] as const,
  serie: (id: number, dias: number) => ['insights', 'issue', id, 'serie', dias] as const,
  comentarios: (id: number) => ['insights', 'issue', id, 'comentarios'] as const,
  proyectos: ['insights', 'proyectos'] as const,
  proyecto: (id: number) => ['insights', 'proyectos', id] as const,
  releases: (id: number) => ['insights', 'proyectos', id, 'releases'] as const,
  filtros: ['insights', 'filtros'] as const,
  asignables: ['insights', 'asignables'] as const,
  roles: ['insights', 'roles-asignables'] as const,
  actividad: (id: number) => ['insights', 'issue', id, 'actividad'] as const,
};

// ---- Issues ----

/** One page of the issues list (`GET /api/insights/issues`). */
export function useIssues(params: string) {
  return useQuery({
    queryKey: insightsKeys.issues(params),
    queryFn: async ({ signal }) =>
      (await call(insightsApi.lista, { query: new URLSearchParams(params), signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** An event as stored (the JSON its SDK sent, scrubbed), opened by the browser. */
export const eventoJsonUrl = (issueId: number, eventId: string) =>
  endpointUrl(insightsApi.eventoJson, { params: { id: issueId, evento: eventId } });

/** The `export.csv` address of the issues list with its current filters. */
export const issuesCsvUrl = (exportParams: string) =>
  endpointUrl(insightsApi.csv, { query: new URLSearchParams(exportParams) });

/** The environments and releases seen, for the list's filters. */
export function useFiltros() {
  return useQuery({
    queryKey: insightsKeys.filtros,
    queryFn: async ({ signal }) => (await call(insightsApi.filtros, { signal })).datos,
    staleTime: 60_000,
  });
}

/** One issue with its latest event (`GET /api/insights/issues/:id`). */
export function useIssue(id: number) {
  return useQuery({
    queryKey: insightsKeys.issue(id),
    queryFn: async ({ signal }) => (await call(insightsApi.detalle, { params: { id }, signal })).datos,
  });
}

/** One event of an issue: an event_id, or 'latest' / 'oldest'. */
export function useEvento(id: number, eventoId: string, enabled = true) {
  return useQuery({
    queryKey: insightsKeys.evento(id, eventoId),
    queryFn: async ({ signal }) => (await call(insightsApi.evento, { params: { id, evento: eventoId }, signal })).datos,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export const EVENTOS_PAGE_SIZE = 20;

/** The issue's events, newest first. */
export function useEventos(id: number, page: number) {
  return useQuery({
    queryKey: insightsKeys.eventos(id, page),
    queryFn: async ({ signal }) =>
      (await call(insightsApi.eventos, { params: { id }, query: { page, size: EVENTOS_PAGE_SIZE }, signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** Top values per tag key of the issue's events. */
export function useTags(id: number) {
  return useQuery({
    queryKey: insightsKeys.tags(id),
    queryFn: async ({ signal }) => (await call(insightsApi.tags, { params: { id }, signal })).datos,
  });
}

/** Events per day of the issue's last `dias` days. */
export function useSerie(id: number, dias: number) {
  return useQuery({
    queryKey: insightsKeys.serie(id, dias),
    queryFn: async ({ signal }) => (await call(insightsApi.serie, { params: { id }, query: { dias }, signal })).datos,
    placeholderData: keepPreviousData,
  });
}

/** The people an issue can be assigned to. */
export function useAsignables() {
  return useQuery({
    queryKey: insightsKeys.asignables,
    queryFn: async ({ signal }) => (await call(insightsApi.asignables, { signal })).datos,
    staleTime: 5 * 60_000,
  });
}

/** The roles an issue can be assigned to as a team. */
export function useRolesAsignables() {
  return useQuery({
    queryKey: insightsKeys.roles,
    queryFn: async ({ signal }) => (await call(insightsApi.rolesAsignables, { signal })).datos,
    staleTime: 5 * 60_000,
  });
}

/** An issue's state changes, assignments and comments in one list, oldest first. */
export function useActividad(id: number) {
  return useQuery({
    queryKey: insightsKeys.actividad(id),
    queryFn: async ({ signal }) => (await call(insightsApi.actividad, { params: { id }, signal })).datos,
  });
}

/** A triage change shows in the lists, the detail, the projects' counts and the history. */
function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: insightsKeys.all }),
      client.invalidateQueries({ queryKey: ['auditoria'] }),
    ]);
}

/** Changes an issue's state and/or assignee (`PUT /api/insights/issues/:id`). */
export function useActualizarIssue(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (cambio: IssueUpdate) =>
      (await call(insightsApi.modificar, { params: { id }, body: cambio })).datos,
    onSuccess: () => invalidate(),
  });
}

/** Resolves, ignores or reopens several issues at once. */
export function useEstadoIssues() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: IssueBulkEstado) => (await call(insightsApi.estadoVarios, { body })).datos.actualizados,
    onSuccess: () => invalidate(),
  });
}

/** Ignores an issue for a while, until N more events or users, or forever (`POST /api/insights/issues/:id/ignorar`). */
export function useIgnorarIssue(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (condicion: IssueIgnorar) =>
      (await call(insightsApi.ignorar, { params: { id }, body: condicion })).datos,
    onSuccess: () => invalidate(),
  });
}

/** Ignores several issues under one condition. */
export function useIgnorarIssues() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: IssueBulkIgnorar) => (await call(insightsApi.ignorarVarios, { body })).datos.actualizados,
    onSuccess: () => invalidate(),
  });
}

/** Assigns several issues to a person, a role or nobody. */
export function useAsignarIssues() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: IssueBulkAsignar) => (await call(insightsApi.asignarVarios, { body })).datos.actualizados,
    onSuccess: () => invalidate(),
  });
}

// ---- Comments ----

/** What users of the project's apps wrote (user feedback), newest first. */
export function useFeedbackProyecto(proyectoId: number) {
  return useQuery({
    queryKey: ['insights', 'feedback', 'proyecto', proyectoId],
    queryFn: async ({ signal }) =>
      (await call(insightsApi.feedbackProyecto, { params: { id: proyectoId }, signal })).datos,
  });
}

/** What users wrote about an issue's events. */
export function useFeedbackIssue(issueId: number) {
  return useQuery({
    queryKey: ['insights', 'feedback', 'issue', issueId],
    queryFn: async ({ signal }) => (await call(insightsApi.feedbackIssue, { params: { id: issueId }, signal })).datos,
  });
}

export function useComentarios(id: number) {
  return useQuery({
    queryKey: insightsKeys.comentarios(id),
    queryFn: async ({ signal }) => (await call(insightsApi.comentarios, { params: { id }, signal })).datos,
  });
}

export function useComentar(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (body: ComentarioInput) => (await call(insightsApi.comentar, { params: { id }, body })).datos,
    onSuccess: () => invalidate(),
  });
}

export function useEliminarComentario() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (comentarioId: number) => call(insightsApi.eliminarComentario, { params: { id: comentarioId } }),
    onSuccess: () => invalidate(),
  });
}

// ---- Projects ----

/** The projects' path for their bulk bar (`…/lote`: delete, turn on or off; `…/lote/export.csv`). */
export const proyectosLoteUrl = () => endpointUrl(insightsApi.proyectos);

/** Every project with its DSN (the spec-style bare list). */
export function useProyectos() {
  return useQuery({
    queryKey: insightsKeys.proyectos,
    queryFn: async ({ signal }) => (await call(insightsApi.proyectos, { signal })).datos,
  });
}

export function useProyecto(id: number) {
  return useQuery({
    queryKey: insightsKeys.proyecto(id),
    queryFn: async ({ signal }) => (await call(insightsApi.proyecto, { params: { id }, signal })).datos,
  });
}

/** Creates (no id) or updates a project. */
export function useGuardarProyecto(id: number | undefined) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async (values: ProyectoValues) => {
      const answer =
        id === undefined
          ? await call(insightsApi.crearProyecto, { body: values })
          : await call(insightsApi.modificarProyecto, { params: { id }, body: values });
      return answer.datos;
    },
    onSuccess: () => invalidate(),
  });
}

/** A new public key: the old DSN stops working at once. */
export function useRotarClave(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: async () => (await call(insightsApi.rotarClave, { params: { id } })).datos,
    onSuccess: () => invalidate(),
  });
}

/** Deletes a project with its issues, events and comments. */
export function useEliminarProyecto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(insightsApi.eliminarProyecto, { params: { id } }),
    // The deleted project's open detail is not refetched: it would only answer 404 while the screen leaves.
    onSuccess: (_answer, id) =>
      Promise.all([
        client.invalidateQueries({
          queryKey: insightsKeys.all,
          predicate: (query) => !(query.queryKey[1] === 'proyectos' && query.queryKey[2] === id),
        }),
        client.invalidateQueries({ queryKey: ['auditoria'] }),
      ]),
  });
}

// ---- Releases ----

/** A project's releases with their events, new issues and artifact bundles. */
/** What the project's SDKs sent in the last `dias` days and what became of it ("Datos recibidos"). */
export function useRecibidos(proyectoId: number, dias: number) {
  return useQuery({
    queryKey: ['insights', 'recibidos', proyectoId, dias],
    queryFn: async ({ signal }) =>
      (await call(insightsApi.recibidos, { params: { id: proyectoId }, query: { dias }, signal })).datos,
    // The counts are written every few seconds: a page left open follows them.
    refetchInterval: 30_000,
  });
}

export function useReleases(proyectoId: number) {
  return useQuery({
    queryKey: insightsKeys.releases(proyectoId),
    queryFn: async ({ signal }) => (await call(insightsApi.releases, { params: { id: proyectoId }, signal })).datos,
  });
}

/** Deletes a release's record and bundles (null: the bundles uploaded without a release). */
export function useEliminarRelease(proyectoId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (version: string | null) =>
      call(insightsApi.eliminarRelease, { params: { id: proyectoId }, query: version === null ? {} : { version } }),
    onSuccess: () => invalidate(),
  });
}
