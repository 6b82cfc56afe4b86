import { VIVO_EVENTOS, vivoCambio, vivoListo, type ListaViva } from '@intranet/contract/areas/vivo';
import { vivoApi } from '@intranet/contract/areas/vivo/endpoints';
import { endpointUrl } from '../http/endpoint.ts';
import { http } from '../http/http.ts';
import { getSesion, subscribeSesion } from '../session/session.ts';

type Oyente = () => void;

/** What the feed needs of an EventSource. */
export interface FuenteEventos {
  addEventListener(tipo: string, oyente: (event: { data: string }) => void): void;
  close(): void;
}

export interface FeedDeps {
  /** Opens the stream of these lists (comma-separated). */
  abrir: (listas: string) => FuenteEventos;
  /** The tab is hidden, or nobody is signed in: no stream. */
  enPausa: () => boolean;
}

const leer = <T>(
  schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false } },
  texto: string,
): T | undefined => {
  try {
    const parsed = schema.safeParse(JSON.parse(texto));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The tab's one stream of list changes (`GET /api/vivo`): it asks for the lists on screen, opens
 * again when they change, and closes while the tab is hidden. A list that may have missed changes (the tab
 * was hidden, the connection dropped) is told once the stream is back.
 */
export class FeedVivo {
  private readonly oyentes = new Map<ListaViva, Set<Oyente>>();
  private fuente: FuenteEventos | null = null;
  /** The lists the open stream was asked for, comma-separated. */
  private pedidas = '';
  /** Lists the stream has already promised once: promised again, they may have missed something. */
  private readonly conocidas = new Set<ListaViva>();
  private pendiente: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly deps: FeedDeps) {}

  /** Calls `oyente` whenever `lista` changed; answers the function that stops it. */
  suscribir(lista: ListaViva, oyente: Oyente): () => void {
    const set = this.oyentes.get(lista) ?? new Set();
    set.add(oyente);
    this.oyentes.set(lista, set);
    this.programar();
    return () => {
      set.delete(oyente);
      if (set.size === 0) {
        this.oyentes.delete(lista);
        this.conocidas.delete(lista);
      }
      this.programar();
    };
  }

  /** The tab was shown or hidden, or someone signed in or out. */
  revisar(): void {
    this.programar();
  }

  /** A screen that swaps one list for another asks once, not twice. */
  private programar(): void {
    clearTimeout(this.pendiente);
    this.pendiente = setTimeout(() => this.conectar(), 30);
  }

  private conectar(): void {
    const listas = [...this.oyentes.keys()].sort().join(',');
    if (listas === '' || this.deps.enPausa()) {
      this.cerrar();
      return;
    }
    if (this.fuente && listas === this.pedidas) return;
    this.cerrar();
    const fuente = this.deps.abrir(listas);
    fuente.addEventListener(VIVO_EVENTOS.listo, (event) => {
      for (const lista of leer(vivoListo, event.data)?.listas ?? []) {
        if (this.conocidas.has(lista)) this.avisar(lista);
        this.conocidas.add(lista);
      }
    });
    fuente.addEventListener(VIVO_EVENTOS.cambio, (event) => {
      const cambio = leer(vivoCambio, event.data);
      if (cambio) this.avisar(cambio.lista);
    });
    this.fuente = fuente;
    this.pedidas = listas;
  }

  private avisar(lista: ListaViva): void {
    for (const oyente of this.oyentes.get(lista) ?? []) oyente();
  }

  private cerrar(): void {
    this.fuente?.close();
    this.fuente = null;
    this.pedidas = '';
  }
}

/** The tab's feed. */
export const feedVivo = new FeedVivo({
  abrir: (listas) => http.events(endpointUrl(vivoApi.eventos, { query: { listas } })),
  enPausa: () => document.visibilityState === 'hidden' || !getSesion(),
});
if (typeof document !== 'undefined') document.addEventListener('visibilitychange', () => feedVivo.revisar());
subscribeSesion(() => feedVivo.revisar());
