import type { Sitio, SitioFila, SitioOpciones } from '@intranet/contract/areas/sitios';

/** A client's site as the list answers it: live, its certificate due in 20 days, checked fine. */
export const sitioFila = (over: Partial<SitioFila> = {}): SitioFila => ({
  id: 5,
  nombre: 'Tienda AgroLit',
  url: 'https://tienda.agrolit.com.ar/',
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  servidor_id: 2,
  servidor: 'web-01',
  dns_id: 7,
  dns_host: 'tienda.agrolit.com.ar',
  estado: 'activo',
  ssl_vence: '2026-12-14',
  ssl_dias: 20,
  ssl_emisor: "Let's Encrypt",
  dominio_vence: null,
  dominio_dias: null,
  registrador: null,
  verificado_en: '2026-11-24T08:00:00',
  verificacion_resultado: 'ok',
  verificacion_mensaje: 'Certificado válido hasta el 14/12/2026',
  creado: '2025-01-10T10:00:00Z',
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

export const sitio = (over: Partial<Sitio> = {}): Sitio => ({ ...sitioFila(), notas: null, ...over });

/** The own servers with their DNS entries, for the server and DNS selects. */
export const sitioOpciones: SitioOpciones = {
  servidores: [
    { id: 2, nombre: 'web-01', dnss: [{ id: 7, host: 'tienda.agrolit.com.ar' }] },
    { id: 4, nombre: 'web-02', dnss: [{ id: 9, host: 'portal.physis.com.ar' }] },
  ],
};
