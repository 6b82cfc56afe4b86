// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordScreen } from './RecordScreen.tsx';
import { renderUi } from './testing.tsx';

afterEach(cleanup);

/** A screen of one record whose read answers `read()`. */
function Screen({ read }: { read: () => Promise<{ nombre: string }> }) {
  const query = useQuery({ queryKey: ['registro'], queryFn: read });
  return createElement(RecordScreen<{ nombre: string }, Error>, {
    query,
    title: 'Servidores propios',
    back: { to: '/servidores', label: 'Volver a la lista' },
    notFound: 'No se encontró el servidor.',
    // RecordScreen's children is a render function of the record, which createElement's children arguments (typed
    // ReactNode) cannot carry.
    // biome-ignore lint/correctness/noChildrenProp: the reason is above
    children: (record) => createElement('h1', null, record.nombre),
  });
}

describe('RecordScreen', () => {
  it('shows a loader, then the record', async () => {
    let answer: (value: { nombre: string }) => void = () => undefined;
    renderUi(createElement(Screen, { read: () => new Promise<{ nombre: string }>((resolve) => (answer = resolve)) }));
    expect(await screen.findByLabelText('Cargando…')).toBeTruthy();
    answer({ nombre: 'srv-app-01' });
    expect((await screen.findByRole('heading', { name: 'srv-app-01' })).tagName).toBe('H1');
  });

  it('shows why the record cannot be shown, with the page title and a way back', async () => {
    renderUi(createElement(Screen, { read: () => Promise.reject(new Error('El servidor no existe')) }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No se encontró el servidor.');
    expect(alert.textContent).toContain('El servidor no existe');
    expect(screen.getByRole('heading', { name: 'Servidores propios' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver a la lista' }).getAttribute('href')).toBe('/servidores');
  });
});
