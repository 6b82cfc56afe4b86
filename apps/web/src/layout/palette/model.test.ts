import { describe, expect, it } from 'vitest';
import type { PaletteEntry } from '../../core/area.ts';
import { createEntryFor, matchEntries, normalize, parsePaletteQuery, readRecent, rememberRecent } from './model.ts';

const entries: PaletteEntry[] = [
  { text: 'Máquinas', link: '/maquinas', accion: 'PHY-MAQ#TODO', keywords: ['inventario'] },
  { text: 'Nueva máquina', link: '/maquinas/nueva', accion: 'PHY-MAQ#TODO' },
  { text: 'Clientes', link: '/clientes/lista', accion: 'CLIENTES#VER' },
  { text: 'Nuevo cliente', link: '/clientes/nuevo', accion: 'CLIENTES#EDITAR' },
  { text: 'Roles', link: '/personas/roles', accion: 'USUARIOS#ADMIN' },
  { text: 'Nuevo rol', link: '/personas/roles/nuevo', accion: 'USUARIOS#ADMIN' },
  { text: 'Nueva persona', link: '/personas/nueva', accion: 'PHY-PER#TODO' },
];

describe('the palette’s input', () => {
  it('filters the kinds by a leading word and a colon, by the start of a name or alias, accents aside', () => {
    expect(parsePaletteQuery('cli: acme')).toEqual({ texto: 'acme', tipos: ['clientes'] });
    expect(parsePaletteQuery('serv:db01')).toEqual({ texto: 'db01', tipos: ['servidores'] });
    expect(parsePaletteQuery('máq: NB-01')).toEqual({ texto: 'NB-01', tipos: ['maquinas'] });
    expect(parsePaletteQuery('errores: timeout')).toEqual({ texto: 'timeout', tipos: ['insights'] });
    expect(parsePaletteQuery('pe: ana').tipos).toEqual(['personas', 'desarrollos']);
  });

  it('keeps a colon that names no kind as text', () => {
    expect(parsePaletteQuery('  10.0.0.1:8080 ')).toEqual({ texto: '10.0.0.1:8080' });
    expect(parsePaletteQuery('zzz: algo')).toEqual({ texto: 'zzz: algo' });
    expect(parsePaletteQuery('acme')).toEqual({ texto: 'acme' });
  });
});

describe('the places and actions', () => {
  it('match every word typed in the text or keywords, accents aside, only with their code', () => {
    const granted = new Set(['PHY-MAQ#TODO', 'CLIENTES#VER']);
    expect(matchEntries(entries, 'maq', granted).map((e) => e.text)).toEqual(['Máquinas', 'Nueva máquina']);
    expect(matchEntries(entries, 'nueva maq', granted).map((e) => e.text)).toEqual(['Nueva máquina']);
    expect(matchEntries(entries, 'inventario', granted).map((e) => e.text)).toEqual(['Máquinas']);
    expect(matchEntries(entries, 'nuevo cliente', granted)).toEqual([]);
    expect(normalize(' Ñandú ÁRBOL ')).toBe('nandu arbol');
  });

  it('`n` opens the “new” of the area the user is in, the deepest first, when granted', () => {
    const all = new Set(['PHY-MAQ#TODO', 'CLIENTES#EDITAR', 'USUARIOS#ADMIN', 'PHY-PER#TODO']);
    expect(createEntryFor(entries, '/maquinas', all)?.link).toBe('/maquinas/nueva');
    expect(createEntryFor(entries, '/maquinas/12', all)?.link).toBe('/maquinas/nueva');
    expect(createEntryFor(entries, '/personas/roles', all)?.link).toBe('/personas/roles/nuevo');
    expect(createEntryFor(entries, '/personas', all)?.link).toBe('/personas/nueva');
    expect(createEntryFor(entries, '/clientes/lista', new Set(['CLIENTES#VER']))).toBeUndefined();
    expect(createEntryFor(entries, '/maquinasx', all)).toBeUndefined();
  });
});

describe('the recent items', () => {
  const memory = () => {
    const data = new Map<string, string>();
    return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
  };

  it('keep the newest first, once each, eight at most', () => {
    const storage = memory();
    for (let i = 1; i <= 10; i++)
      rememberRecent({ titulo: `Cliente ${i}`, detalle: null, enlace: `/clientes/${i}` }, storage);
    rememberRecent({ titulo: 'Cliente 5', detalle: null, enlace: '/clientes/5' }, storage);
    expect(readRecent(storage).map((r) => r.enlace)).toEqual([
      '/clientes/5',
      '/clientes/10',
      '/clientes/9',
      '/clientes/8',
      '/clientes/7',
      '/clientes/6',
      '/clientes/4',
      '/clientes/3',
    ]);
  });

  it('ignore what is not theirs: broken JSON, other shapes, links out of the portal', () => {
    const storage = memory();
    storage.setItem('intranet.paleta.recientes', '{roto');
    expect(readRecent(storage)).toEqual([]);
    storage.setItem(
      'intranet.paleta.recientes',
      JSON.stringify([
        { titulo: 'x', enlace: 'https://otro.example' },
        { titulo: 'ok', detalle: null, enlace: '/dns' },
        3,
      ]),
    );
    expect(readRecent(storage)).toEqual([{ titulo: 'ok', detalle: null, enlace: '/dns' }]);
  });
});
