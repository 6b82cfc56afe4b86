// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordTabs } from './RecordTabs.tsx';
import { renderUi } from './testing.tsx';

afterEach(cleanup);

/** Datos · DNS (2) · Cuenta (only when `cuenta`) · Historial, each panel saying which it is. */
function tabs({ cuenta = true, keep = [] as string[] } = {}) {
  return createElement(RecordTabs, {
    keep,
    tabs: [
      { value: 'datos', label: 'Datos', panel: 'Panel de datos' },
      { value: 'dns', label: createElement('span', null, 'DNS (2)'), panel: 'Panel de DNS' },
      { value: 'cuenta', label: 'Cuenta', panel: 'Panel de cuenta', hidden: !cuenta },
      { value: 'historial', label: 'Historial', panel: 'Panel de historial', sinImprimir: true },
    ],
  });
}

const selected = () => screen.getByRole('tab', { selected: true }).textContent;
const panel = () => screen.getByRole('tabpanel').textContent;

describe('RecordTabs', () => {
  it('lays out every shown tab but the history one after the other, each under its name, when printing', () => {
    renderUi(tabs({ cuenta: false }), { url: '/servidores/1?tab=dns&imprimir=1' });
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Datos', 'DNS (2)']);
    for (const text of ['Panel de datos', 'Panel de DNS']) expect(screen.getByText(text)).toBeTruthy();
    expect(screen.queryByText('Panel de historial')).toBeNull();
    expect(screen.queryByText('Panel de cuenta')).toBeNull();
  });

  it('opens the first tab on a bare URL, mounting only its panel', () => {
    renderUi(tabs(), { url: '/servidores/1' });
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Datos',
      'DNS (2)',
      'Cuenta',
      'Historial',
    ]);
    expect(selected()).toBe('Datos');
    expect(panel()).toBe('Panel de datos');
    expect(screen.queryByText('Panel de historial')).toBeNull();
  });

  it('opens the tab the URL names', () => {
    renderUi(tabs(), { url: '/servidores/1?tab=dns' });
    expect(selected()).toBe('DNS (2)');
    expect(panel()).toBe('Panel de DNS');
    expect(screen.queryByText('Panel de datos')).toBeNull();
  });

  it('falls back to the first tab for an unknown or hidden one', () => {
    renderUi(tabs(), { url: '/servidores/1?tab=otra' });
    expect(selected()).toBe('Datos');
    cleanup();
    renderUi(tabs({ cuenta: false }), { url: '/servidores/1?tab=cuenta' });
    expect(screen.queryByRole('tab', { name: 'Cuenta' })).toBeNull();
    expect(selected()).toBe('Datos');
    expect(panel()).toBe('Panel de datos');
  });

  it('writes ?tab= when switching, and the first tab clears it', () => {
    const { router } = renderUi(tabs(), { url: '/servidores/1' });
    fireEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(router.state.location.search).toBe('?tab=historial');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(panel()).toBe('Panel de historial');
    fireEvent.click(screen.getByRole('tab', { name: 'Datos' }));
    expect(router.state.location.search).toBe('');
    expect(router.state.location.pathname).toBe('/servidores/1');
    expect(panel()).toBe('Panel de datos');
  });

  it('drops the other query parameters on a switch, except those it keeps', () => {
    const { router } = renderUi(tabs({ keep: ['evento'] }), { url: '/insights/7?evento=abc&q=web' });
    fireEvent.click(screen.getByRole('tab', { name: 'Historial' }));
    expect(router.state.location.search).toBe('?evento=abc&tab=historial');
    fireEvent.click(screen.getByRole('tab', { name: 'Datos' }));
    expect(router.state.location.search).toBe('?evento=abc');
  });
});
