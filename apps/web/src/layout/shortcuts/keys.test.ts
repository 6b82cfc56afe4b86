// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { PaletteEntry } from '../../core/area.ts';
import { formToSave, goTargets, isTyping } from './keys.ts';

describe('the shortcuts', () => {
  it('`g` goes only where the user may go', () => {
    const entries: PaletteEntry[] = [
      { text: 'Clientes', link: '/clientes/lista', accion: 'CLIENTES#VER', goKey: 'c' },
      { text: 'Servidores propios', link: '/servidores', accion: 'SER#VER', goKey: 's' },
      { text: 'Nuevo cliente', link: '/clientes/nuevo', accion: 'CLIENTES#EDITAR' },
    ];
    expect([...goTargets(entries, new Set(['SER#VER', 'CLIENTES#EDITAR'])).keys()]).toEqual(['s']);
  });

  it('single keys leave typing alone: fields, editors, list boxes', () => {
    document.body.innerHTML =
      '<input id="i"><div contenteditable="true" id="e"></div><div role="listbox"><span id="o"></span></div><button id="b"></button>';
    for (const id of ['i', 'o']) expect(isTyping(document.getElementById(id)), id).toBe(true);
    // The test DOM does not compute isContentEditable.
    expect(isTyping(document.getElementById('b'))).toBe(false);
    expect(isTyping(null)).toBe(false);
  });

  it('Ctrl-S saves the form with the focus, else a dialog’s only form, else the page’s only form', () => {
    document.body.innerHTML = '<main><form id="pagina"><input id="campo"></form></main><button id="fuera"></button>';
    expect(formToSave(document.getElementById('campo'))?.id).toBe('pagina');
    expect(formToSave(document.getElementById('fuera'))?.id).toBe('pagina');
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog"><form id="dialogo"></form></div>');
    expect(formToSave(document.body)?.id).toBe('dialogo');
    document.body.innerHTML = '<main><form></form><form></form></main>';
    expect(formToSave(document.body)).toBeNull();
  });
});
