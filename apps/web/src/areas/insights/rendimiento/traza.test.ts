// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Evento } from '@intranet/contract/areas/insights';
import { renderUi } from '../../../components/testing.tsx';
import { EventoView, traceIdDe } from '../EventoView.tsx';

const evento = (contexts: Evento['contexts']): Evento => ({
  event_id: 'c'.repeat(32),
  issue_id: 7,
  fecha: '2026-11-21T10:00:00Z',
  nivel: 'error',
  mensaje: 'TypeError: x is undefined',
  release: null,
  environment: null,
  usuario: null,
  recibido: '2026-11-21T10:00:01Z',
  platform: 'node',
  server_name: null,
  transaction: null,
  exception: [],
  breadcrumbs: [],
  request: null,
  user: null,
  tags: [],
  contexts,
  extra: {},
  sdk: null,
  fingerprint: [],
  anterior: null,
  siguiente: null,
});

afterEach(cleanup);

describe("an event's trace", () => {
  it('is the trace_id of its trace context, when it is one', () => {
    expect(traceIdDe(evento({ trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) } }))).toBe('a'.repeat(32));
    expect(traceIdDe(evento({ trace: { trace_id: 'no es un id' } }))).toBeNull();
    expect(traceIdDe(evento({}))).toBeNull();
  });

  it('is linked from the event view ("Traza"), and not shown without one', () => {
    renderUi(createElement(EventoView, { evento: evento({ trace: { trace_id: 'a'.repeat(32) } }) }));
    expect(screen.getByText('Traza:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'aaaaaaaa' }).getAttribute('href')).toBe(
      `/insights/trazas/${'a'.repeat(32)}`,
    );
    cleanup();
    renderUi(createElement(EventoView, { evento: evento({}) }));
    expect(screen.queryByText('Traza:')).toBeNull();
  });
});
