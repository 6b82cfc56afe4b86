import { api, apiToken } from './support/api.ts';
import { expect, servers, signIn, test } from './support/fixtures.ts';

const dia = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Argentina/Buenos_Aires' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );

interface Notificacion {
  id: number;
  titulo: string;
  detalle: string;
  enlace: string;
}

test('a warranty about to end reaches the bell; opening it goes to the machine; Mis alertas keeps the choice', async ({
  page,
  request,
}) => {
  const token = await apiToken(request);
  const nombre = `NB-E2E-${Date.now()}`;
  const maquina = await api<{ id: number }>(request, token, 'post', '/api/maquinas', {
    nombre,
    tipo: 'notebook',
    estado: 'disponible',
    garantia_hasta: dia(5),
  });
  const antes = await api<{ items: Notificacion[] }>(request, token, 'get', '/api/alertas/notificaciones?limite=1');
  const ultimaAntes = antes.items[0]?.id ?? 0;

  // "Ejecutar ahora" on the expiry scan (a run still waiting in the queue refuses a second one: ask again).
  await expect
    .poll(
      async () =>
        (
          await request.post(`${servers.main}/api/alertas/tareas/alertas-vencimientos/ejecutar`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).status(),
      { timeout: 30_000 },
    )
    .toBe(202);
  // The scan announces it: a new notification whose items include the warranty (other tests may add theirs).
  await expect
    .poll(
      async () =>
        (
          await api<{ items: Notificacion[] }>(request, token, 'get', '/api/alertas/notificaciones?limite=5')
        ).items.find((n) => n.id > ultimaAntes && n.detalle.includes('garantía')),
      { timeout: 30_000 },
    )
    .toBeTruthy();

  await signIn(page, 'admin');
  const campana = page.getByTestId('campana');
  await expect(campana).toHaveAccessibleName(/notificaci(ón|ones) sin leer/);
  await campana.click();
  const lista = page.getByRole('list', { name: 'Notificaciones' });
  const nueva = lista
    .getByRole('listitem')
    .filter({ hasText: /garantía/ })
    .first();
  await expect(nueva).toBeVisible();
  await nueva.getByRole('button').click();
  // One item: straight to the machine; several: the notification's list, where the warranty links to it.
  await expect(page).toHaveURL(new RegExp(`/(maquinas/${maquina.id}|alertas/notificaciones/\\d+)$`));
  if (!page.url().endsWith(`/maquinas/${maquina.id}`)) {
    await page
      .getByRole('table', { name: 'Elementos' })
      .getByRole('link', { name: new RegExp(nombre) })
      .click();
  }
  await expect(page).toHaveURL(new RegExp(`/maquinas/${maquina.id}$`));
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();

  // Mis alertas: no warranties in the bell; kept when read again; then back as it was.
  await page.getByTestId('usuario').click();
  await page.getByRole('menuitem', { name: 'Mis alertas' }).click();
  await expect(page.getByRole('heading', { name: 'Mis alertas' })).toBeVisible();
  const campanaGarantias = page.getByRole('switch', { name: 'Garantías de máquinas: Campana' });
  await expect(campanaGarantias).toBeChecked();
  await campanaGarantias.click({ force: true });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sus preferencias de alertas se guardaron.')).toBeVisible();
  // Away and back inside the app: read again from the server.
  await page.getByRole('link', { name: 'Intranet' }).first().click();
  await page.getByTestId('usuario').click();
  await page.getByRole('menuitem', { name: 'Mis alertas' }).click();
  await expect(page.getByRole('switch', { name: 'Garantías de máquinas: Campana' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Garantías de máquinas: Campana' }).click({ force: true });
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Sus preferencias de alertas se guardaron.')).toBeVisible();
});

test('Alertas → Tareas lists the jobs with their runs summed up and their settings in words, for admins', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('usuario').click();
  await page.getByRole('menuitem', { name: 'Tareas programadas' }).click();
  await expect(page.getByRole('heading', { name: 'Tareas programadas' })).toBeVisible();
  const escaneo = page.getByTestId('tarea-alertas-vencimientos');
  await expect(escaneo.getByText('Cada hora y al iniciar')).toBeVisible();
  // It ran at start: its runs summed up, their list on request.
  await expect(escaneo.getByTestId('resumen-ejecuciones')).toContainText(
    /^\d+ ejecuci(ón|ones) en la última hora, (correcta|todas correctas)/,
  );
  await escaneo.getByRole('button', { name: /^Ver la/ }).click();
  await expect(
    escaneo
      .getByRole('table', { name: /Últimas ejecuciones/ })
      .getByText('Correcta')
      .first(),
  ).toBeVisible();
  // Settings in words; the variable behind them is an administrator's help.
  await expect(page.getByTestId('sin-correo')).toContainText('El correo no está configurado');
  await expect(page.getByTestId('sin-correo')).toContainText('SMTP_URL');
  await expect(escaneo.getByTestId('ajuste')).toHaveText(
    'Se ajusta con ALERTAS_INTERVALO_MIN (hoy ALERTAS_INTERVALO_MIN=60).',
  );
});
