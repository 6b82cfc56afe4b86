import type { Aplicacion, AplicacionFila, AplicacionVersion } from '@intranet/contract/areas/aplicaciones';

/** An app as the list answers it: published, with two versions. */
export const aplicacionFila = (over: Partial<AplicacionFila> = {}): AplicacionFila => ({
  id: 1,
  package_name: 'com.physis.ventas',
  nombre: 'Physis Ventas',
  resumen: 'Pedidos en la calle',
  categoria: 'Ventas',
  publicada: true,
  icono_id: null,
  icono: null,
  versiones: 2,
  ultima_version: '2.1.0',
  ultima_version_code: 210,
  descargas: 1250,
  creado: '2025-01-10T10:00:00Z',
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

/** An app's detail, with its signer and a one-line description. */
export const aplicacion = (over: Partial<Aplicacion> = {}): Aplicacion => ({
  ...aplicacionFila(),
  descripcion: {
    type: 'doc',
    content: [
      { type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text: 'Toma de pedidos sin conexión' }] },
    ],
  },
  descripcion_html: '<p>Toma de pedidos sin conexión</p>',
  firma_sha256: 'ab'.repeat(32),
  ...over,
});

/** One uploaded APK: a published beta. */
export const aplicacionVersion = (over: Partial<AplicacionVersion> = {}): AplicacionVersion => ({
  id: 31,
  aplicacion_id: 1,
  version_code: 210,
  version_name: '2.1.0',
  canal: 'beta',
  archivo_id: 90,
  sha256: 'cd'.repeat(32),
  tamano: 15_938_355,
  min_sdk: 26,
  target_sdk: 34,
  firma_sha256: 'ab'.repeat(32),
  novedades: 'Pedidos sin conexión',
  fecha: '2026-11-20T10:00:00',
  descargas: 40,
  publicada: true,
  publicado_por: 'Admin',
  descarga: '/api/archivos/cd?nombre=com.physis.ventas-2.1.0.apk',
  ...over,
});
