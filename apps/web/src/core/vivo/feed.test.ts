import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedVivo, type FuenteEventos } from './feed.ts';

/** A stream as the feed sees it: the lists it was opened for, and the server's side to send from. */
class Fuente implements FuenteEventos {
  cerrada = false;
  private readonly oyentes = new Map<string, ((event: { data: string }) => void)[]>();
  constructor(readonly listas: string) {}
  addEventListener(tipo: string, oyente: (event: { data: string }) => void) {
    this.oyentes.set(tipo, [...(this.oyentes.get(tipo) ?? []), oyente]);
  }
  close() {
    this.cerrada = true;
  }
  enviar(tipo: string, datos: unknown) {
    for (const oyente of this.oyentes.get(tipo) ?? [])
      oyente({ data: typeof datos === 'string' ? datos : JSON.stringify(datos) });
  }
}

describe('the tab’s live feed', () => {
  let abiertas: Fuente[];
  let pausa: boolean;
  let feed: FeedVivo;
  const ultima = () => abiertas.at(-1)!;

  beforeEach(() => {
    vi.useFakeTimers();
    abiertas = [];
    pausa = false;
    feed = new FeedVivo({
      abrir: (listas) => {
        const fuente = new Fuente(listas);
        abiertas.push(fuente);
        return fuente;
      },
      enPausa: () => pausa,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('opens one stream for the lists on screen, and again (once) when they change', async () => {
    const dejarServidores = feed.suscribir('servidores', () => undefined);
    const dejarDns = feed.suscribir('dns', () => undefined);
    await vi.runAllTimersAsync();
    expect(abiertas.map((f) => f.listas)).toEqual(['dns,servidores']);
    dejarServidores();
    await vi.runAllTimersAsync();
    expect(abiertas.map((f) => f.listas)).toEqual(['dns,servidores', 'dns']);
    expect(abiertas[0]!.cerrada).toBe(true);
    dejarDns();
    await vi.runAllTimersAsync();
    expect(ultima().cerrada).toBe(true);
    expect(abiertas).toHaveLength(2);
  });

  it('tells each list’s screens of its changes only, and ignores what it cannot read', async () => {
    const servidores = vi.fn();
    const dns = vi.fn();
    feed.suscribir('servidores', servidores);
    feed.suscribir('dns', dns);
    await vi.runAllTimersAsync();
    ultima().enviar('listo', { listas: ['servidores', 'dns'] });
    ultima().enviar('cambio', { lista: 'servidores' });
    ultima().enviar('cambio', { lista: 'otra' });
    ultima().enviar('cambio', '{no es json');
    expect(servidores).toHaveBeenCalledTimes(1);
    expect(dns).not.toHaveBeenCalled();
  });

  it('closes while paused (hidden tab, signed out) and, back, tells the lists they may have missed changes', async () => {
    const servidores = vi.fn();
    feed.suscribir('servidores', servidores);
    await vi.runAllTimersAsync();
    ultima().enviar('listo', { listas: ['servidores'] });
    expect(servidores).not.toHaveBeenCalled();

    pausa = true;
    feed.revisar();
    await vi.runAllTimersAsync();
    expect(ultima().cerrada).toBe(true);

    pausa = false;
    feed.revisar();
    await vi.runAllTimersAsync();
    expect(abiertas).toHaveLength(2);
    ultima().enviar('listo', { listas: ['servidores'] });
    expect(servidores).toHaveBeenCalledTimes(1);
  });
});
