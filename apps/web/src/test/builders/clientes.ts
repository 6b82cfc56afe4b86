import type { Cliente, ClienteFila, ServidorCliente } from '@intranet/contract/areas/clientes';
import type { Vencimiento } from '@intranet/contract/areas/clientes/vencimientos';

/** «30-71234567-1»: a CUIT whose check digit is right. */
export const CUIT_VALIDO = '30712345671';

/** A client as the list answers it. */
export const clienteFila = (over: Partial<ClienteFila> = {}): ClienteFila => ({
  id: 3,
  razon_social: 'Agro del Litoral S.A.',
  nombre_fantasia: 'AgroLit',
  cuit: CUIT_VALIDO,
  condicion_iva: 'responsable_inscripto',
  localidad: 'Rosario',
  provincia: 'Santa Fe',
  activo: true,
  servidores_count: 1,
  version_physis: '8.4.2',
  proximo_vencimiento: null,
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

/** A client's detail, with a short note. */
export const cliente = (over: Partial<Cliente> = {}): Cliente => ({
  ...clienteFila(),
  email: 'administracion@agrolit.com.ar',
  telefono: '+54 341 555-0200',
  domicilio: 'Av. Pellegrini 1200',
  contacto_id: 7,
  contacto_nombre: 'Ruiz, Carlos',
  notas: {
    type: 'doc',
    content: [
      { type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text: 'Cierre contable en junio' }] },
    ],
  },
  fecha_alta: '2019-04-01',
  creado: '2019-04-01T10:00:00Z',
  ...over,
});

/** One of a client's servers. */
export const servidorCliente = (over: Partial<ServidorCliente> = {}): ServidorCliente => ({
  id: 11,
  empresa_id: 3,
  nombre: 'SRV-AGRO',
  hostname: 'srv.agrolit.local',
  ip: '10.1.0.5',
  puerto: 1433,
  so: 'Windows Server 2022',
  motor_bd: 'SQL Server 2019',
  instancia_bd: 'PHYSIS',
  version_physis: '8.4.2',
  notas: null,
  actualizado: '2026-11-20T10:00:00Z',
  dnss: [{ id: 1, host: 'physis.agrolit.com.ar' }],
  ...over,
});

/** A row of an expiry grid: an AFIP certificate due in 20 days. */
export const vencimiento = (over: Partial<Vencimiento> = {}): Vencimiento => ({
  id: 1,
  tipo: 'certificado',
  item_id: 21,
  empresa_id: 3,
  cliente: 'Agro del Litoral S.A.',
  cuit: CUIT_VALIDO,
  item: 'Facturación',
  detalle: 'Producción · wsfe',
  vence: '2026-12-14',
  dias: 20,
  renovaciones: 1,
  ...over,
});
