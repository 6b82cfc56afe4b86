// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement as h, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderUi } from './testing.tsx';
import { useDirtyGuard } from './useDirtyGuard.ts';

afterEach(cleanup);

function Formulario() {
  const [text, setText] = useState('');
  const { allowLeave } = useDirtyGuard(text !== '');
  const navigate = useNavigate();
  return h(
    'div',
    null,
    h(
      'label',
      null,
      'Nombre',
      h('input', { value: text, onChange: (e: { currentTarget: HTMLInputElement }) => setText(e.currentTarget.value) }),
    ),
    h(Link, { to: '/otra' }, 'Ir a otra'),
    h(
      'button',
      {
        type: 'button',
        onClick: () => {
          allowLeave();
          void navigate('/otra');
        },
      },
      'Guardar',
    ),
  );
}

const routes = [{ path: '/otra', element: h('p', null, 'Otra pantalla') }];

describe('useDirtyGuard', () => {
  it('lets a clean form go', async () => {
    renderUi(h(Formulario), { url: '/form', routes });
    fireEvent.click(screen.getByRole('link', { name: 'Ir a otra' }));
    expect(await screen.findByText('Otra pantalla')).toBeTruthy();
  });

  it('asks before leaving unsaved changes and stays when told to', async () => {
    renderUi(h(Formulario), { url: '/form', routes });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('link', { name: 'Ir a otra' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hay cambios sin guardar' });
    expect(dialog.textContent).toContain('¿Desea salir sin guardar?');
    fireEvent.click(screen.getByRole('button', { name: 'Seguir editando' }));
    await screen.findByLabelText('Nombre');
    expect(screen.queryByText('Otra pantalla')).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Ir a otra' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByText('Otra pantalla')).toBeTruthy();
  });

  it('lets a saved form leave without asking', async () => {
    renderUi(h(Formulario), { url: '/form', routes });
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Otra pantalla')).toBeTruthy();
  });

  it('asks the browser to confirm a reload while dirty', () => {
    renderUi(h(Formulario), { url: '/form', routes });
    const clean = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(clean);
    expect(clean.defaultPrevented).toBe(false);
    fireEvent.change(screen.getByLabelText('Nombre'), { target: { value: 'x' } });
    const dirty = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(dirty);
    expect(dirty.defaultPrevented).toBe(true);
  });
});
