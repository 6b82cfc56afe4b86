// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { modals } from '@mantine/modals';
import { confirmAction } from './confirmAction.tsx';
import { renderUi } from './testing.tsx';

afterEach(cleanup);

describe('confirmAction', () => {
  it('answers true when confirmed, with a red Eliminar for a danger action', async () => {
    renderUi(createElement('div'));
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmAction({ title: 'Eliminar servidor', message: '¿Eliminar web-01?', danger: true });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar servidor' });
    expect(dialog.textContent).toContain('¿Eliminar web-01?');
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    await expect(answer).resolves.toBe(true);
  });

  it('answers false when cancelled', async () => {
    renderUi(createElement('div'));
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmAction({ title: 'Confirmar cambio', message: '¿Seguro?' });
    });
    await screen.findByRole('dialog', { name: 'Confirmar cambio' });
    expect(screen.getByRole('button', { name: 'Confirmar' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    await expect(answer).resolves.toBe(false);
  });

  it('answers false when every dialog is closed at once (a 401/403)', async () => {
    renderUi(createElement('div'));
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirmAction({ title: 'Eliminar', message: '¿Seguro?', danger: true });
    });
    await screen.findByRole('dialog');
    act(() => modals.closeAll());
    await expect(answer).resolves.toBe(false);
  });
});
