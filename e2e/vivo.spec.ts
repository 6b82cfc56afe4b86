import type { APIRequestContext, Page } from '@playwright/test';
import { api, apiToken, nuevoCliente } from './support/api.ts';
import { expect, signIn, test } from './support/fixtures.ts';

const sufijo = Date.now().toString(36);

/** Goes to a path inside the portal as its links do (a full load would end the session, which lives in memory). */
async function ir(page: Page, path: string) {
  await page.evaluate((destino) => {
    window.history.pushState(null, '', destino);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Renames a server on its edit screen, as a person would. */
async function renombrar(page: Page, id: number, nombre: string) {
  await ir(page, `/servidores/${id}/editar`);
  const campo = page.getByRole('textbox', { name: 'Nombre' });
  await expect(campo).not.toHaveValue('');
  await campo.fill(nombre);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByRole('heading', { name: nombre })).toBeVisible();
}

test('a list updates itself when another user changes it, and waits while the user works on it', async ({
  page,
  browser,
  request,
}) => {
  const token = await apiToken(request);
  const nombre = `vivo-${sufijo}`;
  const servidor = await api<{ id: number }>(request, token, 'post', '/api/servidores', {
    nombre,
    hostname: null,
    estado: 'activo',
  });

  // Admin watches the servers list, searched down to this server; the pointer is away from the table.
  await signIn(page, 'admin');
  await ir(page, `/servidores?q=${sufijo}`);
  const tabla = page.getByRole('table', { name: 'Servidores' });
  await expect(tabla.getByRole('link', { name: nombre })).toBeVisible();
  await page.mouse.move(0, 0);

  // tecnico, in another browser context, renames it.
  const otro = await browser.newPage();
  await signIn(otro, 'tecnico');
  await renombrar(otro, servidor.id, `${nombre}-a`);

  // The admin's list shows it without a reload, the row lit.
  await expect(tabla.getByRole('link', { name: `${nombre}-a` })).toBeVisible();
  await expect(tabla.locator('tr[data-cambiada]')).toHaveCount(1);
  await expect(tabla.locator('tr[data-cambiada]')).toHaveCount(0);

  // With a row selected, a change waits: the list does not move under the user.
  await tabla.getByRole('checkbox', { name: `Seleccionar ${nombre}-a` }).check();
  await renombrar(otro, servidor.id, `${nombre}-b`);
  const actualizar = page.getByRole('button', { name: '1 cambio — actualizar' });
  await expect(actualizar).toBeVisible();
  await expect(tabla.getByRole('link', { name: `${nombre}-a` })).toBeVisible();
  await actualizar.click();
  await expect(tabla.getByRole('link', { name: `${nombre}-b` })).toBeVisible();
  await expect(actualizar).toHaveCount(0);
  await otro.close();
});

test('the developments board moves a card another user moved', async ({ page, request }) => {
  const token = await apiToken(request);
  // A development of its own, and the board searched down to it: other specs move their own cards meanwhile.
  const titulo = `Tablero vivo ${sufijo}`;
  const [producto] = await api<{ id: number }[]>(request, token, 'get', '/api/productos/opciones');
  const { id } = await api<{ id: number }>(request, token, 'post', '/api/desarrollos', {
    titulo,
    producto_id: producto!.id,
    prioridad: 'media',
    fecha_solicitud: '2026-01-05',
  });
  await signIn(page, 'admin');
  await ir(page, `/desarrollos/tablero?q=${encodeURIComponent(titulo)}`);
  const columna = (nombre: string) => page.getByRole('listitem', { name: new RegExp(`^${nombre}:`) });
  await expect(columna('Pendiente').getByRole('article', { name: titulo })).toBeVisible();

  await api(request, token, 'post', `/api/desarrollos/${id}/estado`, { estado: 'analisis' });
  await expect(columna('Análisis').getByRole('article', { name: titulo })).toBeVisible();
  await expect(columna('Pendiente').getByRole('article')).toHaveCount(0);
});

/** Lists of other areas, each with how another session adds a record to it. */
const listas = [
  {
    clave: 'clientes',
    path: '/clientes/lista',
    tabla: 'Clientes',
    crear: (request: APIRequestContext, token: string, nombre: string) => nuevoCliente(request, token, nombre),
  },
  {
    clave: 'maquinas',
    path: '/maquinas',
    tabla: 'Máquinas',
    crear: (request: APIRequestContext, token: string, nombre: string) =>
      api(request, token, 'post', '/api/maquinas', { nombre, tipo: 'pc' }),
  },
];

for (const { clave, path, tabla: nombreTabla, crear } of listas) {
  test(`${nombreTabla}: a record another session adds waits behind the banner while the user works on the list`, async ({
    page,
    request,
  }) => {
    const token = await apiToken(request);
    const base = `vivo-${clave}-${sufijo}`;
    await crear(request, token, `${base}-a`);

    // Admin works on the list searched down to this test's records: one row selected.
    await signIn(page, 'admin');
    await ir(page, `${path}?q=${base}`);
    const tabla = page.getByRole('table', { name: nombreTabla });
    await expect(tabla.getByRole('link', { name: `${base}-a` })).toBeVisible();
    await tabla.getByRole('checkbox', { name: `Seleccionar ${base}-a` }).check();

    // Another session adds one: the list does not move, the banner says it changed (other specs may add theirs).
    await crear(request, token, `${base}-b`);
    const actualizar = page.getByRole('button', { name: /cambios? — actualizar$/ });
    await expect(actualizar).toBeVisible();
    await expect(tabla.getByRole('link', { name: `${base}-b` })).toHaveCount(0);
    await actualizar.click();
    await expect(tabla.getByRole('link', { name: `${base}-b` })).toBeVisible();
    await expect(tabla.getByRole('link', { name: `${base}-a` })).toBeVisible();
  });
}
