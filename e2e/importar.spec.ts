import { expect, servers, signIn, test } from './support/fixtures.ts';

const prefijo = `E2E-IMP-${Date.now().toString(36).toUpperCase()}`;
const csv = (filas: string[]) => ({
  name: 'maquinas.csv',
  mimeType: 'text/csv',
  buffer: Buffer.from(['Nombre;Nro inventario;Type;Estado;RAM;Comprada', ...filas].join('\n')),
});
const conError = csv([
  `${prefijo}-1;${prefijo}-I1;Notebook;Disponible;16;01/03/2025`,
  `${prefijo}-2;${prefijo}-I2;Tostadora;Disponible;8;`,
  `${prefijo}-3;${prefijo}-I3;PC;Reparación;;`,
]);
const corregido = csv([
  `${prefijo}-1;${prefijo}-I1;Notebook;Disponible;16;01/03/2025`,
  `${prefijo}-2;${prefijo}-I2;PC;Disponible;8;`,
  `${prefijo}-3;${prefijo}-I3;PC;Reparación;;`,
]);

test('as admin: import machines from a CSV with an error, fix it, dry run, import, see them in the list, undo', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('navigation', { name: 'Menú principal' }).getByRole('link', { name: 'Maquinas' }).click();
  // The list shows this run's machines only: none yet.
  await page.getByPlaceholder(/Nombre, inventario/).fill(prefijo);
  await expect(page).toHaveURL(new RegExp(`q=${prefijo}`));
  const tabla = page.getByRole('table', { name: 'Máquinas' });
  await expect(tabla.getByText('No hay máquinas')).toBeVisible();

  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar máquinas' });
  await dialogo.locator('input[type="file"]').setInputFiles(conError);
  await expect(dialogo.getByText('maquinas.csv: 3 filas y 6 columnas')).toBeVisible();
  // The mapping guessed from Spanish and English headers.
  await expect(dialogo.getByRole('textbox', { name: 'Columna para «Tipo»' })).toHaveValue('Type');
  await expect(dialogo.getByRole('textbox', { name: 'Columna para «Nº de inventario»' })).toHaveValue('Nro inventario');
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();

  const vista = dialogo.getByRole('table', { name: 'Vista previa de las filas' });
  await expect(dialogo.getByRole('status')).toHaveText('1 fila tiene errores de 3');
  await expect(vista.getByRole('cell', { name: 'Tostadora' })).toHaveAttribute('aria-invalid', 'true');
  await expect(vista.getByRole('row', { name: /Tostadora/ })).toContainText(
    'Tipo: Valor no válido; use uno de: Notebook, PC, Servidor, Máquina virtual',
  );

  // Fixed and uploaded again.
  await dialogo.getByRole('button', { name: 'Elegir otro archivo' }).click();
  await dialogo.locator('input[type="file"]').setInputFiles(corregido);
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(dialogo.getByRole('status')).toHaveText('Las 3 filas son válidas');
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(dialogo.getByRole('radio', { name: /Solo crear/ })).toBeChecked();
  await dialogo.getByRole('button', { name: 'Hacer el ensayo' }).click();
  await expect(dialogo.getByLabel('A crear: 3')).toBeVisible();
  await expect(dialogo.getByLabel('Rechazadas: 0')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Importar 3 filas' }).click();
  await expect(dialogo.getByText('Importación hecha')).toBeVisible();
  await expect(dialogo.getByLabel('Creadas: 3')).toBeVisible();

  // The list behind the dialog shows them.
  await expect(tabla.getByRole('row')).toHaveCount(4);
  await expect(tabla.getByRole('link', { name: `${prefijo}-2` })).toBeVisible();

  await dialogo.getByRole('button', { name: 'Deshacer' }).click();
  await expect(dialogo.getByText('Importación deshecha')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(tabla.getByText('No hay máquinas')).toBeVisible();
});

test('a CSV saved by Excel in Spanish (Windows-1252) reads as written; the user may read it in another encoding', async ({
  page,
}) => {
  const nombre = `${prefijo}-José Peña`;
  const latin1 = {
    name: 'maquinas-excel.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`Nombre;Tipo;Notas\n${nombre};PC;Córdoba, Añatuya\n`, 'latin1'),
  };
  await signIn(page, 'admin', servers.main, '/maquinas');
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar máquinas' });
  await dialogo.locator('input[type="file"]').setInputFiles(latin1);
  await expect(dialogo.getByText('Codificación: Windows-1252')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  const vista = dialogo.getByRole('table', { name: 'Vista previa de las filas' });
  await expect(vista.getByRole('cell', { name: nombre })).toBeVisible();

  await dialogo.getByRole('button', { name: 'Cambiar' }).click();
  await page.getByRole('menuitem', { name: 'UTF-8' }).click();
  await expect(dialogo.getByText('Codificación: UTF-8')).toBeVisible();
  await expect(vista.getByRole('cell', { name: `${prefijo}-Jos\ufffd Pe\ufffda` })).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cambiar' }).click();
  await page.getByRole('menuitem', { name: 'Windows-1252' }).click();
  await expect(vista.getByRole('cell', { name: nombre })).toBeVisible();
});

test('5 good rows and 2 bad ones: imports the 5, downloads the 2 with their reasons, and undoes the import', async ({
  page,
}) => {
  const p = `${prefijo}-V`;
  const buenas = [1, 2, 3, 4, 5].map((i) => `${p}${i};${p}I${i};PC;Disponible;8;`);
  const archivo = csv([
    ...buenas.slice(0, 2),
    `${p}6;${p}I6;Tostadora;Disponible;8;`,
    ...buenas.slice(2),
    `;${p}I7;PC;Disponible;;`,
  ]);
  await signIn(page, 'admin', servers.main, `/maquinas?q=${p}`);
  const tabla = page.getByRole('table', { name: 'Máquinas' });
  await expect(tabla.getByText('No hay máquinas')).toBeVisible();
  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar máquinas' });
  await dialogo.locator('input[type="file"]').setInputFiles(archivo);
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(dialogo.getByRole('status')).toHaveText('2 filas tienen errores de 7');
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await dialogo.getByRole('button', { name: 'Hacer el ensayo' }).click();
  await expect(dialogo.getByLabel('A crear: 5')).toBeVisible();
  await expect(dialogo.getByLabel('Rechazadas: 2')).toBeVisible();

  const descarga = page.waitForEvent('download');
  await dialogo.getByRole('button', { name: 'Descargar filas rechazadas (CSV)' }).click();
  const rechazadas = await (await descarga).createReadStream();
  let texto = '';
  for await (const parte of rechazadas) texto += (parte as Buffer).toString('utf8');
  expect(texto).toContain(`${p}6`);
  expect(texto).toContain('Tipo: Valor no válido');
  expect(texto).toContain('Nombre: Es obligatorio');
  expect(texto).not.toContain(`${p}I1`);

  await dialogo.getByRole('button', { name: 'Importar las 5 filas válidas' }).click();
  await expect(dialogo.getByText('Importación hecha')).toBeVisible();
  await expect(dialogo.getByText(/2 filas rechazadas no se importaron\./)).toBeVisible();
  await expect(dialogo.getByLabel('Creadas: 5')).toBeVisible();
  await expect(tabla.getByRole('row')).toHaveCount(6);

  await dialogo.getByRole('button', { name: 'Deshacer' }).click();
  await expect(dialogo.getByText('Importación deshecha')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(tabla.getByText('No hay máquinas')).toBeVisible();
});

test('as admin: import products from a CSV on their list, by code, see them listed, and undo', async ({ page }) => {
  const codigo = `${prefijo}-P`;
  const archivo = {
    name: 'productos.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `Code;Product;Type;Active\n${codigo}1;Producto ${prefijo} uno;Web;Sí\n${codigo}2;Producto ${prefijo} dos;móvil;No\n`,
    ),
  };
  await signIn(page, 'admin', servers.main, '/soluciones/productos');
  await page.getByPlaceholder('Código, nombre, línea, responsable…').fill(prefijo);
  await expect(page).toHaveURL(new RegExp(`q=${prefijo}`));
  const tabla = page.getByRole('table', { name: 'Productos' });
  await expect(tabla.getByText('No hay productos que coincidan con la búsqueda.')).toBeVisible();

  await page.getByRole('button', { name: 'Importar', exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Importar productos' });
  await dialogo.locator('input[type="file"]').setInputFiles(archivo);
  await expect(dialogo.getByRole('textbox', { name: 'Columna para «Código»' })).toHaveValue('Code');
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(dialogo.getByRole('status')).toHaveText('Las 2 filas son válidas');
  await dialogo.getByRole('button', { name: 'Siguiente', exact: true }).click();
  await expect(dialogo.getByRole('radio', { name: /Actualizar por Código/ })).toBeVisible();
  await dialogo.getByRole('button', { name: 'Hacer el ensayo' }).click();
  await expect(dialogo.getByLabel('A crear: 2')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Importar 2 filas' }).click();
  await expect(dialogo.getByLabel('Creadas: 2')).toBeVisible();
  await expect(tabla.getByRole('link', { name: `${codigo}2` })).toBeVisible();

  await dialogo.getByRole('button', { name: 'Deshacer' }).click();
  await expect(dialogo.getByText('Importación deshecha')).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cerrar', exact: true }).last().click();
  await expect(tabla.getByText('No hay productos que coincidan con la búsqueda.')).toBeVisible();
});
