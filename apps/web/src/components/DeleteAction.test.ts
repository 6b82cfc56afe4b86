// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubRoute, watchNotifications } from '../test/fixtures.ts';
import { DeleteAction } from './DeleteAction.tsx';
import { renderUi } from './testing.tsx';

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const confirm = { title: 'Eliminar servidor', message: '¿Eliminar web-01?' };
const routes = [stubRoute('/servidores', 'Lista de servidores')];

async function accept(dialogName: string, button = 'Eliminar') {
  const dialog = await screen.findByRole('dialog', { name: dialogName });
  fireEvent.click(within(dialog).getByRole('button', { name: button }));
}

describe('DeleteAction', () => {
  it('asks with a red Eliminar, deletes, notifies and goes to the list', async () => {
    const run = vi.fn().mockResolvedValue(null);
    const { router } = renderUi(
      createElement(DeleteAction<null>, {
        label: 'Eliminar',
        confirm,
        run,
        done: { title: 'Servidor eliminado', message: 'web-01', to: '/servidores' },
        errorTitle: 'No se pudo eliminar',
      }),
      { url: '/servidores/1', routes },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servidor' });
    expect(dialog.textContent).toContain('¿Eliminar web-01?');
    expect(run).not.toHaveBeenCalled();
    await accept('Eliminar servidor');
    expect(await screen.findByText('Lista de servidores')).toBeTruthy();
    expect(run).toHaveBeenCalledTimes(1);
    expect(notified).toHaveBeenCalledWith({ color: 'green', title: 'Servidor eliminado', message: 'web-01' });
    expect(router.state.location.pathname).toBe('/servidores');
  });

  it('does nothing when cancelled', async () => {
    const run = vi.fn();
    renderUi(
      createElement(DeleteAction<null>, {
        label: 'Eliminar',
        confirm,
        run,
        done: { title: 'Eliminado', message: 'x' },
        errorTitle: 'Error',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await accept('Eliminar servidor', 'Cancelar');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(run).not.toHaveBeenCalled();
    expect(notified).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal in red and stays', async () => {
    const run = vi.fn().mockRejectedValue(new Error('Tiene entradas DNS'));
    const { router } = renderUi(
      createElement(DeleteAction<null>, {
        label: 'Eliminar',
        confirm,
        run,
        done: { title: 'Eliminado', message: 'x', to: '/servidores' },
        errorTitle: 'No se pudo eliminar',
      }),
      { url: '/servidores/1', routes },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await accept('Eliminar servidor');
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith({
        color: 'red',
        title: 'No se pudo eliminar',
        message: 'Tiene entradas DNS',
      }),
    );
    expect(router.state.location.pathname).toBe('/servidores/1');
  });

  it('says why instead of asking when the deletion is refused beforehand', async () => {
    const run = vi.fn();
    renderUi(
      createElement(DeleteAction<null>, {
        label: 'Eliminar',
        refused: { title: 'No se puede eliminar', message: 'Tiene 2 versiones.', confirmLabel: 'Entendido' },
        confirm,
        run,
        errorTitle: 'Error',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await accept('No se puede eliminar', 'Entendido');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(run).not.toHaveBeenCalled();
  });

  it('as an icon: named by its label, notice from the server’s answer', async () => {
    const run = vi.fn().mockResolvedValue({ accion: 'desactivada' });
    renderUi(
      createElement(DeleteAction<{ accion: string }>, {
        variant: 'icon',
        tooltip: 'Eliminar',
        label: 'Eliminar web-01',
        confirm,
        run,
        done: (r) => ({ color: 'yellow', title: `Persona ${r.accion}`, message: 'Ana' }),
        errorTitle: 'Error',
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar web-01' }));
    await accept('Eliminar servidor');
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith({ color: 'yellow', title: 'Persona desactivada', message: 'Ana' }),
    );
  });
});
