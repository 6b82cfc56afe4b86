// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MisAlertas, RolAlertas, Tarea, TareasRespuesta, Webhook } from '@intranet/contract/areas/alertas';
import { HttpError } from '../../core/http/HttpError.ts';
import { renderUi } from '../../components/testing.tsx';
import { answers, badRequest, choose, ok, watchNotifications } from '../../test/fixtures.ts';
import { MisAlertasScreen } from './MisAlertasScreen.tsx';
import { RolesScreen } from './RolesScreen.tsx';
import { TareasScreen } from './TareasScreen.tsx';
import { WebhooksScreen } from './WebhooksScreen.tsx';

const http = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), put: vi.fn() }));
vi.mock('../../core/http/http.ts', () => ({ http }));
vi.mock('../../core/config/config.ts', () => ({ apiUrl: (_base: string, path: string) => path }));

const escaneo: Tarea = {
  nombre: 'alertas-vencimientos',
  titulo: 'Avisar vencimientos',
  descripcion: 'Revisa certificados AFIP…',
  programacion: 'Cada hora y al iniciar',
  ajuste: { variable: 'ALERTAS_INTERVALO_MIN', valor: '60' },
  proxima: '2026-11-25T16:00:00Z',
  pendientes: 0,
  ejecuciones: [
    {
      id: 2,
      inicio: '2026-11-25T14:00:00Z',
      fin: '2026-11-25T14:00:01.250Z',
      duracion_ms: 1250,
      estado: 'ok',
      intento: 1,
      definitivo: false,
      manual: true,
      resultado: '67 avisos nuevos',
      error: null,
    },
    {
      id: 1,
      inicio: '2026-11-25T13:00:00Z',
      fin: '2026-11-25T13:00:00.300Z',
      duracion_ms: 300,
      estado: 'error',
      intento: 3,
      definitivo: true,
      manual: false,
      resultado: null,
      error: 'sin conexión',
    },
  ],
};
const barrido: Tarea = {
  ...escaneo,
  nombre: 'archivos-barrido',
  titulo: 'Limpiar archivos sin uso',
  programacion: 'Todas las noches a las 04:30',
  ejecuciones: [],
};
const respuesta = (extra: Partial<TareasRespuesta> = {}): TareasRespuesta => ({
  activo: true,
  zona: 'America/Argentina/Buenos_Aires',
  tareas: [escaneo, barrido],
  correo: { configurado: false, pendientes: 0, fallidos: 0 },
  ...extra,
});

let notified: ReturnType<typeof watchNotifications>;
beforeEach(() => {
  notified = watchNotifications();
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

describe('TareasScreen', () => {
  it('shows each job with its schedule, next run and latest runs, and runs one now', async () => {
    http.get.mockImplementation(answers({ '/api/alertas/tareas': respuesta() }));
    http.post.mockResolvedValue(ok({ trabajo: 'abc' }));
    renderUi(createElement(TareasScreen));
    const card = await screen.findByTestId('tarea-alertas-vencimientos');
    // The next run in the portal's zone: 16:00 UTC is 13:00 in Buenos Aires.
    for (const text of ['Avisar vencimientos', 'Cada hora y al iniciar', '25/11/2026 13:00'])
      expect(card.textContent).toContain(text);
    // The runs summed up; their list on request.
    expect(within(card).getByTestId('resumen-ejecuciones').textContent).toBe(
      '2 ejecuciones desde el 25/11/2026 10:00, 1 con error',
    );
    expect(within(card).queryByRole('table')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Ver las 2 ejecuciones' }));
    const runs = within(card).getByRole('table', { name: 'Últimas ejecuciones: Avisar vencimientos' });
    const [, ok1, fallo] = within(runs).getAllByRole('row');
    for (const text of ['Correcta', '1 · manual', '1,3 s', '67 avisos nuevos'])
      expect(ok1?.textContent).toContain(text);
    for (const text of ['Con error', '3 · último intento', '300 ms', 'sin conexión'])
      expect(fallo?.textContent).toContain(text);
    expect(screen.getByTestId('tarea-archivos-barrido').textContent).toContain('Todavía no se ejecutó');
    // In words; the variable is help for administrators only (this user holds no USUARIOS#ADMIN).
    expect(screen.getByTestId('sin-correo').textContent).toContain('El correo no está configurado');
    expect(screen.getByTestId('sin-correo').textContent).not.toContain('SMTP_URL');
    expect(card.textContent).not.toContain('ALERTAS_INTERVALO_MIN');
    fireEvent.click(within(card).getByRole('button', { name: 'Ejecutar ahora' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/alertas/tareas/alertas-vencimientos/ejecutar',
        undefined,
        expect.anything(),
      ),
    );
    await waitFor(() => expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Ejecución en cola' })));
  });

  it('tells why a job cannot run, and when this server runs none', async () => {
    http.get.mockImplementation(answers({ '/api/alertas/tareas': respuesta({ activo: false }) }));
    renderUi(createElement(TareasScreen));
    expect(await screen.findByText(/no ejecuta tareas programadas/)).toBeTruthy();
    const card = await screen.findByTestId('tarea-alertas-vencimientos');
    expect(within(card).getByRole('button', { name: 'Ejecutar ahora' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows the server’s refusal', async () => {
    http.get.mockImplementation(answers({ '/api/alertas/tareas': respuesta() }));
    http.post.mockRejectedValue(new HttpError(409, null, 'La tarea ya tiene una ejecución esperando en la cola'));
    renderUi(createElement(TareasScreen));
    const card = await screen.findByTestId('tarea-alertas-vencimientos');
    fireEvent.click(within(card).getByRole('button', { name: 'Ejecutar ahora' }));
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'red', message: 'La tarea ya tiene una ejecución esperando en la cola' }),
      ),
    );
  });
});

describe('MisAlertasScreen', () => {
  const datos: MisAlertas = {
    correo_configurado: true,
    email: 'comercial@intranet.local',
    tipos: [
      { tipo: 'certificado', titulo: 'Certificados AFIP', email: true, portal: true, propia: false },
      { tipo: 'licencia', titulo: 'Licencias Physis', email: false, portal: true, propia: true },
    ],
    puede_seguir: { clientes: true, proyectos: true },
    clientes: [{ id: 7, nombre: 'El Trébol SA' }],
    proyectos: [{ id: 2, nombre: 'Portal de clientes' }],
  };
  const rutas = {
    '/api/alertas/preferencias': datos,
    '/api/insights/proyectos': [
      { id: 2, nombre: 'Portal de clientes' },
      { id: 3, nombre: 'App móvil' },
    ],
    '/api/empresas/opciones?': [{ id: 9, razon_social: 'Molinos del Sur SA', cuit: '30712345678', activo: true }],
  };

  it('shows each kind with its channels and saves the choice', async () => {
    http.get.mockImplementation(answers(rutas));
    http.put.mockResolvedValue(
      ok({ ...datos, tipos: [{ ...datos.tipos[0]!, email: false, propia: true }, datos.tipos[1]!] }),
    );
    renderUi(createElement(MisAlertasScreen));
    const correoCert = await screen.findByRole('switch', { name: 'Certificados AFIP: Correo' });
    expect((correoCert as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('switch', { name: 'Licencias Physis: Correo' }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText('Según su rol')).toBeTruthy();
    fireEvent.click(correoCert);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/alertas/preferencias',
        {
          preferencias: [
            { tipo: 'certificado', email: false, portal: true },
            { tipo: 'licencia', email: false, portal: true },
          ],
          clientes: [7],
          proyectos: [2],
        },
        expect.anything(),
      ),
    );
    await waitFor(() => expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Alertas guardadas' })));
  });

  it('follows a client more and one less, and shows the server’s refusal under the clients', async () => {
    http.get.mockImplementation(answers(rutas));
    http.put.mockRejectedValue(badRequest({ 'clientes.0': ['El cliente no existe'] }));
    renderUi(createElement(MisAlertasScreen));
    const lista = await screen.findByRole('list', { name: 'Clientes que sigo' });
    expect(within(lista).getByText('El Trébol SA')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dejar de seguir El Trébol SA' }));
    expect(screen.getByText('No sigue ningún cliente: recibe las alertas de todos.')).toBeTruthy();
    await choose('Seguir un cliente…', /Molinos del Sur SA/);
    expect(
      within(await screen.findByRole('list', { name: 'Clientes que sigo' })).getByText('Molinos del Sur SA'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/alertas/preferencias',
        expect.objectContaining({ clientes: [9], proyectos: [2] }),
        expect.anything(),
      ),
    );
    expect(await screen.findByText('El cliente no existe')).toBeTruthy();
  });

  it('does not offer following what the person gets no alert about', async () => {
    http.get.mockImplementation(
      answers({
        ...rutas,
        '/api/alertas/preferencias': {
          ...datos,
          puede_seguir: { clientes: false, proyectos: false },
          clientes: [],
          proyectos: [],
        },
      }),
    );
    renderUi(createElement(MisAlertasScreen));
    await screen.findByRole('switch', { name: 'Certificados AFIP: Correo' });
    expect(screen.queryByText('Clientes que sigo')).toBeNull();
    expect(screen.queryByText('Proyectos del monitor que sigo')).toBeNull();
  });

  it('says when e-mail is off on the server, and shows a refusal', async () => {
    http.get.mockImplementation(
      answers({ ...rutas, '/api/alertas/preferencias': { ...datos, correo_configurado: false } }),
    );
    http.put.mockRejectedValue(
      badRequest({ 'preferencias.0.tipo': ['Sus permisos no le dejan recibir estas alertas'] }),
    );
    renderUi(createElement(MisAlertasScreen));
    expect(await screen.findByText(/no está configurado en este servidor/)).toBeTruthy();
    expect((screen.getByRole('switch', { name: 'Certificados AFIP: Correo' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Certificados AFIP: Campana' }));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(http.put).toHaveBeenCalled());
    expect((await screen.findByRole('alert')).textContent).toContain('Sus permisos no le dejan recibir estas alertas');
  });
});

describe('RolesScreen', () => {
  const roles: RolAlertas[] = [
    {
      id: 1,
      nombre: 'Administrador',
      tipos: [{ tipo: 'garantia', titulo: 'Garantías de máquinas', email: false, portal: true, propia: true }],
    },
    {
      id: 5,
      nombre: 'Comercial',
      tipos: [
        { tipo: 'certificado', titulo: 'Certificados AFIP', email: true, portal: true, propia: false },
        { tipo: 'licencia', titulo: 'Licencias Physis', email: true, portal: true, propia: false },
      ],
    },
  ];

  it('shows a role’s channels, switches to another role and saves its defaults', async () => {
    http.get.mockImplementation(answers({ '/api/alertas/roles': roles }));
    http.put.mockResolvedValue(
      ok({ ...roles[1]!, tipos: [roles[1]!.tipos[0]!, { ...roles[1]!.tipos[1]!, email: false, propia: true }] }),
    );
    renderUi(createElement(RolesScreen));
    expect(
      ((await screen.findByRole('switch', { name: 'Garantías de máquinas: Correo' })) as HTMLInputElement).checked,
    ).toBe(false);
    await choose('Rol', 'Comercial');
    const licencias = await screen.findByRole('switch', { name: 'Licencias Physis: Correo' });
    expect(screen.getAllByText('Sin definir: campana y correo')).toHaveLength(2);
    fireEvent.click(licencias);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.put).toHaveBeenCalledWith(
        '/api/alertas/roles/5',
        {
          preferencias: [
            { tipo: 'certificado', email: true, portal: true },
            { tipo: 'licencia', email: false, portal: true },
          ],
        },
        expect.anything(),
      ),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(expect.objectContaining({ title: 'Alertas del rol guardadas' })),
    );
  });
});

describe('WebhooksScreen', () => {
  const hook: Webhook = {
    id: 4,
    nombre: 'Operaciones',
    url: 'https://hooks.example.com/ops',
    formato: 'slack',
    eventos: ['certificado', 'tarea'],
    activo: true,
    secreto: 'ab'.repeat(24),
    ultima_entrega: { estado: 'error', codigo: 500, fecha: '2026-11-25T12:00:00Z' },
  };

  it('lists the webhooks with their last delivery, creates one and tests another', async () => {
    http.get.mockImplementation(answers({ '/api/alertas/webhooks': [hook] }));
    http.post.mockImplementation(async (path: string) =>
      path.endsWith('/probar')
        ? ok({
            id: 9,
            evento: 'prueba',
            estado: 'enviada',
            intentos: 1,
            codigo: 200,
            respuesta: 'Entregado (200)',
            duracion_ms: 12,
            creada: '2026-11-25T12:00:00Z',
            ultima: '2026-11-25T12:00:00Z',
            proxima: null,
          })
        : ok({ ...hook, id: 5, nombre: 'Guardia' }),
    );
    renderUi(createElement(WebhooksScreen));
    const tabla = await screen.findByRole('table', { name: 'Webhooks' });
    await within(tabla).findByText('Operaciones');
    const [, fila] = within(tabla).getAllByRole('row');
    for (const text of [
      'Operaciones',
      'https://hooks.example.com/ops',
      'Slack',
      'Certificados AFIP',
      'Tareas programadas que fallan',
      'Con error · 500',
    ])
      expect(fila?.textContent).toContain(text);

    fireEvent.click(within(fila!).getByRole('button', { name: 'Probar Operaciones' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith('/api/alertas/webhooks/4/probar', undefined, expect.anything()),
    );
    await waitFor(() =>
      expect(notified).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'El webhook respondió', message: 'Entregado (200)' }),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Nuevo webhook' }));
    const form = await screen.findByRole('form', { name: 'Nuevo webhook' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Nombre' }), { target: { value: 'Guardia' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'URL' }), { target: { value: 'ftp://x' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    expect(await within(form).findByText('Debe ser una URL http:// o https://')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'URL' }), {
      target: { value: 'https://hooks.example.com/guardia' },
    });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Garantías de máquinas' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(http.post).toHaveBeenCalledWith(
        '/api/alertas/webhooks',
        {
          nombre: 'Guardia',
          url: 'https://hooks.example.com/guardia',
          formato: 'json',
          eventos: ['certificado', 'punto_venta', 'tarea', 'garantia'],
          activo: true,
        },
        expect.anything(),
      ),
    );
  });
});
