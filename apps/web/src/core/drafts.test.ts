// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  clearDraft,
  closeDraft,
  keepDraftsOnClose,
  readDraft,
  saveDraft,
  setEditing,
  whenNoFormEditing,
} from './drafts.ts';

describe('form drafts', () => {
  it('keeps the values with their dates, and never a password, secret or token', () => {
    saveDraft('/clientes/2/editar', {
      nombre: 'Acme',
      alta: new Date('2026-11-28T12:00:00Z'),
      password: 'x',
      secreto: 'y',
      token: 'z',
      tags: ['a'],
      datos: { clave: 'k', n: 3 },
    });
    const raw = sessionStorage.getItem('intranet:borrador:/clientes/2/editar')!;
    expect(raw).not.toMatch(/"x"|"y"|"z"|"k"/);
    expect(readDraft('/clientes/2/editar')).toEqual({
      nombre: 'Acme',
      alta: new Date('2026-11-28T12:00:00Z'),
      tags: ['a'],
      datos: { n: 3 },
    });
    clearDraft('/clientes/2/editar');
    expect(readDraft('/clientes/2/editar')).toBeNull();
  });

  it('tells when no form is being edited any more', async () => {
    let libre = false;
    setEditing('a', true);
    const espera = whenNoFormEditing().then(() => (libre = true));
    await Promise.resolve();
    expect(libre).toBe(false);
    setEditing('a', false);
    await espera;
    expect(libre).toBe(true);
  });

  // Last: once the page is going, it stays going.
  it('a form closed inside the portal drops its draft; one closed as the page goes keeps it', () => {
    saveDraft('/servidores/nuevo', { nombre: 'srv-01' });
    closeDraft('/servidores/nuevo');
    expect(readDraft('/servidores/nuevo')).toBeNull();
    saveDraft('/servidores/nuevo', { nombre: 'srv-02' });
    keepDraftsOnClose();
    closeDraft('/servidores/nuevo');
    expect(readDraft('/servidores/nuevo')).toEqual({ nombre: 'srv-02' });
  });
});
