import {
  aplicacionInput,
  type Aplicacion,
  type AplicacionInput,
  type AplicacionVersionUploadQuery,
} from '@intranet/contract/areas/aplicaciones';
import { eq } from 'drizzle-orm';
import type { SeedOptions } from '../../area.ts';
import type { Autor } from '../../db/audit.ts';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { usuarios } from '../../db/schema.ts';
import { diskStore } from '../../storage/disk.ts';
import { putBytes, type FileStore } from '../../storage/store.ts';
import { construirApk, crearFirmante, type Firmante } from './apk/construir.ts';
import { leerApk } from './apk/leer.ts';
import { auditadoDe, crearEn, ENTIDAD } from './queries.ts';
import { APK_TIPO, registrarVersion } from './versiones.ts';

const parrafo = (text: string) => ({ type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text }] });
const lista = (items: string[]) => ({
  type: 'bullet_list',
  content: items.map((text) => ({ type: 'list_item', content: [parrafo(text)] })),
});

/** The company's Android apps; their versions are below (VERSIONES). */
export const APLICACIONES: AplicacionInput[] = [
  {
    package_name: 'com.physis.movil',
    nombre: 'Physis Móvil',
    resumen: 'Stock, clientes y cuenta corriente del ERP desde el teléfono',
    categoria: 'Gestión',
    publicada: true,
    descripcion: {
      type: 'doc',
      content: [
        parrafo('La consulta diaria de Physis ERP para vendedores y gerentes, conectada al servidor del cliente.'),
        lista([
          'Stock por depósito y precios de lista',
          'Saldo y comprobantes de cada cliente',
          'Tablero de ventas del día',
        ]),
      ],
    },
  },
  {
    package_name: 'com.physis.ventas',
    nombre: 'Physis Ventas',
    resumen: 'Preventa y toma de pedidos sin conexión, sincronizada con Physis ERP',
    categoria: 'Ventas',
    publicada: true,
    descripcion: {
      type: 'doc',
      content: [
        parrafo(
          'Los vendedores arman pedidos en la calle, aun sin señal; los pedidos se envían al volver la conexión.',
        ),
        lista(['Catálogo con fotos y listas de precios', 'Descuentos y condiciones por cliente', 'Recorrido del día']),
      ],
    },
  },
  {
    package_name: 'com.physis.reparto',
    nombre: 'Physis Reparto',
    resumen: 'Hoja de ruta y entregas con firma y foto del remito',
    categoria: 'Logística',
    publicada: true,
    descripcion: {
      type: 'doc',
      content: [parrafo('Los choferes siguen la hoja de ruta y confirman cada entrega con la firma del cliente.')],
    },
  },
  {
    package_name: 'com.physis.inventario',
    nombre: 'Physis Inventario',
    resumen: 'Toma de inventario con el lector de códigos de barras del colector',
    categoria: 'Depósito',
    publicada: false,
    descripcion: {
      type: 'doc',
      content: [parrafo('En prueba con dos clientes: conteos por ubicación y ajustes enviados al ERP.')],
    },
  },
  {
    package_name: 'com.physis.soporte',
    nombre: 'Physis Soporte',
    resumen: 'Tickets de soporte y acceso remoto asistido para clientes',
    categoria: 'Soporte',
    publicada: true,
    descripcion: {
      type: 'doc',
      content: [parrafo('Los clientes abren tickets, siguen su estado y habilitan una sesión remota con el técnico.')],
    },
  },
  {
    package_name: 'com.physis.asistencia',
    nombre: 'Physis Asistencia',
    resumen: 'Fichada de entrada y salida con ubicación, para Physis Sueldos',
    categoria: 'Recursos humanos',
    publicada: false,
    descripcion: {
      type: 'doc',
      content: [parrafo('Registra las fichadas del personal y las envía a la liquidación de Physis Sueldos.')],
    },
  },
];

const DAY = 24 * 60 * 60 * 1000;

interface VersionDemo extends AplicacionVersionUploadQuery {
  versionCode: number;
  versionName: string;
  minSdk: number;
  diasAtras: number;
}

/**
 * Each app's releases, oldest first: stable ones and a beta ahead of them, so the catalogue shows both channels.
 * Physis Reparto has none, so that staff (and the AppsStore e2e) can try a first upload with their own key.
 */
const VERSIONES: Readonly<Record<string, readonly VersionDemo[]>> = {
  'com.physis.movil': [
    {
      versionCode: 30,
      versionName: '3.0.0',
      minSdk: 24,
      canal: 'estable',
      novedades: 'Tablero de ventas del día',
      diasAtras: 120,
    },
    {
      versionCode: 31,
      versionName: '3.1.0',
      minSdk: 24,
      canal: 'estable',
      novedades: 'Stock por depósito; correcciones',
      diasAtras: 40,
    },
    {
      versionCode: 32,
      versionName: '3.2.0-beta1',
      minSdk: 26,
      canal: 'beta',
      novedades: 'Modo oscuro y lector de códigos',
      diasAtras: 6,
    },
  ],
  'com.physis.ventas': [
    {
      versionCode: 210,
      versionName: '2.1.0',
      minSdk: 24,
      canal: 'estable',
      novedades: 'Pedidos sin conexión',
      diasAtras: 90,
    },
    {
      versionCode: 220,
      versionName: '2.2.0-beta2',
      minSdk: 24,
      canal: 'beta',
      novedades: 'Descuentos por cliente',
      diasAtras: 12,
    },
  ],
  'com.physis.soporte': [
    {
      versionCode: 5,
      versionName: '1.0.5',
      minSdk: 23,
      canal: 'estable',
      novedades: 'Primera versión publicada',
      diasAtras: 200,
    },
    {
      versionCode: 8,
      versionName: '1.1.0',
      minSdk: 23,
      canal: 'estable',
      novedades: 'Sesión remota asistida',
      diasAtras: 25,
    },
  ],
  'com.physis.inventario': [
    {
      versionCode: 3,
      versionName: '0.3.0-beta',
      minSdk: 26,
      canal: 'beta',
      novedades: 'Conteo por ubicación',
      diasAtras: 15,
    },
  ],
};

export async function seedAplicaciones(tx: Tx, opts: SeedOptions): Promise<void> {
  const creadas: Aplicacion[] = [];
  for (const app of APLICACIONES) creadas.push(await crearEn(tx, aplicacionInput.parse(app), null));
  // Before the versions: their uploads are history of their own, after the app's creation and edits.
  const id = (paquete: string) => creadas.find((a) => a.package_name === paquete)!.id;
  await historiaDemo(
    tx,
    ENTIDAD,
    creadas.map((a) => a.id),
    auditadoDe,
    [
      { id: id('com.physis.asistencia'), por: 'admin', antes: { categoria: 'Sueldos' } },
      { id: id('com.physis.inventario'), por: 'admin', antes: { resumen: 'Toma de inventario con colector' } },
      { id: id('com.physis.asistencia'), por: 'admin', antes: { resumen: 'Fichada de entrada y salida' } },
    ],
  );
  if (!opts.filesDir) return;
  const [admin] = await tx
    .select({ id: usuarios.id, nombre: usuarios.nombre })
    .from(usuarios)
    .where(eq(usuarios.usuario, 'admin'));
  await seedVersionesApk(tx, diskStore(opts.filesDir), creadas, admin ?? null);
}

/**
 * The demo apps' versions: real APKs (a few kB each) built and signed here with one key, as a company's
 * releases are, stored in the file store and recorded as an upload would record them.
 */
export async function seedVersionesApk(
  tx: Tx,
  store: FileStore,
  apps: readonly { id: number; package_name: string; nombre: string }[],
  autor: Autor | null,
): Promise<void> {
  let firmante: Firmante | undefined;
  for (const app of apps) {
    for (const version of VERSIONES[app.package_name] ?? []) {
      firmante ??= crearFirmante();
      const { versionCode, versionName, minSdk, diasAtras, ...datos } = version;
      const bytes = construirApk(
        { packageName: app.package_name, versionCode, versionName, minSdk, targetSdk: 34, label: app.nombre },
        firmante,
      );
      const upload = { ...(await putBytes(store, bytes)), tipo: APK_TIPO };
      const apk = await leerApk(store, upload.sha256, upload.tamano);
      await registrarVersion(
        tx,
        app.id,
        upload,
        apk,
        { ...datos, fecha: new Date(Date.now() - diasAtras * DAY) },
        autor,
      );
    }
  }
}
