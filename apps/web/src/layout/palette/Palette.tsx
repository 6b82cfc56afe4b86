import '@mantine/spotlight/styles.css';
import { Group, Loader, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Spotlight } from '@mantine/spotlight';
import { IconArrowRight, IconClock, IconPlus, IconSearch } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BusquedaResultado, BusquedaTipo } from '@intranet/contract/areas/busqueda';
import { busquedaApi } from '@intranet/contract/areas/busqueda/endpoints';
import { BUSQUEDA_NOMBRES } from '@intranet/contract/registry';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { AREAS } from '../../areas/index.ts';
import { call } from '../../core/http/endpoint.ts';
import { messages } from '../../core/messages.ts';
import {
  isCreateEntry,
  matchEntries,
  normalize,
  parsePaletteQuery,
  readRecent,
  rememberRecent,
  searchesRecords,
  type RecentItem,
} from './model.ts';

const t = messages.paleta;
const ENTRIES = AREAS.flatMap((area) => area.palette);

/** The records that match, from the one search call (a fresh query a moment after the user stops typing). */
function useRecords(texto: string, tipos: BusquedaTipo[] | undefined, enabled: boolean) {
  const params = new URLSearchParams({ q: texto });
  if (tipos) params.set('tipos', tipos.join(','));
  return useQuery({
    queryKey: ['busqueda', texto, tipos?.join(',') ?? ''],
    queryFn: async ({ signal }) =>
      (await call(busquedaApi.buscar, { query: params, signal, options: { quiet: true } })).datos,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/**
 * The command palette: Ctrl-K / Cmd-K anywhere in the signed-in area, or the top bar's search.
 * It finds records of every area the user may read (`cli: acme` filters by kind), the screens of the menu and
 * the "new …" actions the user may take; empty, it lists what the user opened last. Arrows and Enter drive it.
 */
export function Palette({ granted, onMontada }: { granted: ReadonlySet<string>; onMontada: () => void }) {
  const navigate = useNavigate();
  // Mounted on demand (PaletteLoader), then opened: the palette's Root sees the opening and says so.
  useEffect(() => {
    onMontada();
  }, [onMontada]);
  const [query, setQuery] = useState('');
  const [opened, setOpened] = useState(false);
  const [recent, setRecent] = useState<RecentItem[]>(() => readRecent());
  const [debounced] = useDebouncedValue(query, 150);
  const parsed = useMemo(() => parsePaletteQuery(debounced), [debounced]);
  const current = parsePaletteQuery(query);
  const records = useRecords(parsed.texto, parsed.tipos, opened && searchesRecords(parsed));

  // The records come after the text changed (when the palette selected its first line): with nothing selected,
  // the first line is, so that Enter opens it.
  // records.data is the trigger, not a value read: the lines in the DOM change when new records arrive.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(() => {
    if (!opened) return;
    const list = document.querySelector('[data-paleta-lista]');
    if (list && !list.querySelector('[data-selected]'))
      list.querySelector('[data-action]')?.setAttribute('data-selected', 'true');
  }, [opened, records.data]);

  const open = (item: RecentItem) => {
    setRecent(rememberRecent(item));
    void navigate(item.enlace);
  };

  const matched = current.tipos ? [] : matchEntries(ENTRIES, current.texto, granted);
  const places = matched.filter((entry) => !isCreateEntry(entry));
  // Empty, the palette lists where to go; the "new …" actions come as soon as something is typed.
  const actions = current.texto ? matched.filter(isCreateEntry) : [];
  // While the next answer comes, the last one stays (no flicker as the user types).
  const found = searchesRecords(current) ? (records.data?.resultados ?? []) : [];
  const groups = groupByTipo(found);
  const waiting = searchesRecords(current) && (records.isFetching || debounced !== query);
  const empty = !current.texto && !current.tipos;
  // "ma" is Máquinas before it is a client that holds "ma": a screen whose name starts with the text comes first.
  const placesFirst = places.some((entry) => normalize(entry.text).startsWith(normalize(current.texto)));
  const placesGroup = places.length > 0 && (
    <Spotlight.ActionsGroup label={t.irA}>
      {places.map((entry) => (
        <Spotlight.Action
          key={entry.link}
          label={entry.text}
          leftSection={<IconArrowRight size={18} stroke={1.5} />}
          onClick={() => open({ titulo: entry.text, detalle: null, enlace: entry.link })}
        />
      ))}
    </Spotlight.ActionsGroup>
  );
  const nothing = !empty && places.length + actions.length + found.length === 0;

  return (
    <Spotlight.Root
      query={query}
      onQueryChange={setQuery}
      // Ctrl-K is PaletteLoader's, everywhere (in a field too, and right after Esc closed the palette).
      shortcut={null}
      onSpotlightOpen={() => {
        setOpened(true);
        setRecent(readRecent());
      }}
      onSpotlightClose={() => setOpened(false)}
      scrollable
      maxHeight="min(70vh, 560px)"
      size="lg"
    >
      <Spotlight.Search
        placeholder={t.placeholder}
        aria-label={messages.shell.buscarAyuda}
        leftSection={
          waiting ? <Loader size={16} aria-label={t.buscando} /> : <IconSearch size={18} stroke={1.6} aria-hidden />
        }
      />
      {current.tipos && (
        <Group gap={6} px="md" pt={6}>
          <Text size="xs" c="dimmed">
            {t.filtro(current.tipos.map((tipo) => BUSQUEDA_NOMBRES[tipo].nombre).join(', '))}
          </Text>
        </Group>
      )}
      <Spotlight.ActionsList aria-label={messages.shell.buscarAyuda} data-paleta-lista>
        {empty && recent.length > 0 && (
          <Spotlight.ActionsGroup label={t.recientes}>
            {recent.map((item) => (
              <Spotlight.Action
                key={item.enlace}
                label={item.titulo}
                description={item.detalle ?? undefined}
                leftSection={<IconClock size={18} stroke={1.5} />}
                onClick={() => open(item)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {placesFirst && placesGroup}
        {groups.map(([tipo, items]) => (
          <Spotlight.ActionsGroup key={tipo} label={BUSQUEDA_NOMBRES[tipo].nombre}>
            {items.map((item) => (
              <Spotlight.Action
                key={`${tipo}-${item.id}`}
                label={item.titulo}
                description={item.detalle ?? undefined}
                highlightQuery
                onClick={() => open({ titulo: item.titulo, detalle: item.detalle, enlace: item.enlace })}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {!placesFirst && placesGroup}
        {actions.length > 0 && (
          <Spotlight.ActionsGroup label={t.acciones}>
            {actions.map((entry) => (
              <Spotlight.Action
                key={entry.link}
                label={entry.text}
                leftSection={<IconPlus size={18} stroke={1.5} />}
                onClick={() => navigate(entry.link)}
              />
            ))}
          </Spotlight.ActionsGroup>
        )}
        {records.isError && searchesRecords(current) && (
          <Text size="sm" c="red" px="md" py="xs" role="alert">
            {t.error}
          </Text>
        )}
        {nothing && !waiting && !records.isError && (
          <Spotlight.Empty>{searchesRecords(current) ? t.sinResultados : t.minimo}</Spotlight.Empty>
        )}
      </Spotlight.ActionsList>
      <Text size="xs" c="dimmed" px="md" py={6} ta="right">
        {t.ayudaTeclas}
      </Text>
    </Spotlight.Root>
  );
}

/** The records by kind, in the order the server answered them (the palette's). */
function groupByTipo(items: readonly BusquedaResultado[]): [BusquedaTipo, BusquedaResultado[]][] {
  const groups = new Map<BusquedaTipo, BusquedaResultado[]>();
  for (const item of items) groups.set(item.tipo, [...(groups.get(item.tipo) ?? []), item]);
  return [...groups];
}
