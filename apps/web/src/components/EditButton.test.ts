// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { stubRoute } from '../test/fixtures.ts';
import { EditButton } from './EditButton.tsx';
import { renderUi } from './testing.tsx';

afterEach(cleanup);

describe('EditButton', () => {
  it('is a link named by its text that opens the edit route', async () => {
    // EditButton requires children in its props, and createElement's typings accept a required children only as a prop,
    // not as an argument.
    // biome-ignore lint/correctness/noChildrenProp: the reason is above
    const { router } = renderUi(createElement(EditButton, { to: '/servidores/1/editar', children: 'Editar' }), {
      url: '/servidores/1',
      routes: [stubRoute('/servidores/1/editar', 'Formulario')],
    });
    const link = screen.getByRole('link', { name: 'Editar' });
    expect(link.getAttribute('href')).toBe('/servidores/1/editar');
    fireEvent.click(link);
    expect(await screen.findByText('Formulario')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/servidores/1/editar');
  });
});
