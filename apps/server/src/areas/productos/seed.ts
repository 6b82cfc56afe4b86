import { productoInput, type ProductoInput } from '@intranet/contract/areas/productos';
import type { NodeJson } from '@intranet/editor';
import type { Tx } from '../../db/client.ts';
import { historiaDemo } from '../../db/historia-demo.ts';
import { crearEn, ENTIDAD, productoDetalle } from './queries.ts';

// Demo products with short rich-text descriptions (the editor's JSON).

const text = (t: string, ...marks: string[]): NodeJson =>
  marks.length ? { type: 'text', text: t, marks: marks.map((type) => ({ type })) } : { type: 'text', text: t };
const p = (...content: NodeJson[]): NodeJson => ({ type: 'paragraph', attrs: { align: null }, content });
const bullets = (...items: string[]): NodeJson => ({
  type: 'bullet_list',
  content: items.map((item) => ({ type: 'list_item', content: [p(text(item))] })),
});
const doc = (...content: NodeJson[]) => ({ type: 'doc', content });

export const PRODUCTOS: ProductoInput[] = [
  {
    codigo: 'PHY-ERP',
    nombre: 'Physis ERP',
    linea: 'Gestión',
    tipo: 'escritorio',
    activo: true,
    responsable: 'Martín Sosa',
    descripcion: doc(
      p(
        text('Sistema de gestión integral para pymes: '),
        text('ventas, compras, stock, tesorería y contabilidad', 'strong'),
        text(' en una sola base.'),
      ),
      bullets(
        'Facturación electrónica AFIP (WSFE) con CAE y CAEA',
        'Multiempresa y multimoneda',
        'Cierres contables mensuales',
      ),
    ),
  },
  {
    codigo: 'PHY-SUELDOS',
    nombre: 'Physis Sueldos',
    linea: 'Gestión',
    tipo: 'escritorio',
    activo: true,
    responsable: 'Carla Benítez',
    descripcion: doc(
      p(text('Liquidación de haberes por convenio, '), text('F.931', 'strong'), text(' y libro de sueldos digital.')),
      p(text('Se actualiza con cada cambio de escalas; ver las notas de versión.', 'em')),
    ),
  },
  {
    codigo: 'PHY-WEB',
    nombre: 'Physis Web',
    linea: 'Web',
    tipo: 'web',
    activo: true,
    responsable: 'Lucía Ferreyra',
    descripcion: doc(
      p(text('Consulta de saldos, pedidos y comprobantes desde el navegador, conectada a la base de Physis ERP.')),
      { type: 'heading', attrs: { level: 3, align: null }, content: [text('Requisitos')] },
      bullets('Physis ERP 3.12 o posterior', 'Servidor con HTTPS'),
    ),
  },
  {
    codigo: 'PHY-MOBILE',
    nombre: 'Physis Mobile',
    linea: 'Movilidad',
    tipo: 'movil',
    activo: true,
    responsable: 'Diego Acosta',
    descripcion: doc(
      p(
        text('App Android para vendedores: '),
        text('toma de pedidos sin conexión', 'u'),
        text(', catálogo con fotos y cobranzas.'),
      ),
    ),
  },
  {
    codigo: 'PHY-FE',
    nombre: 'Physis Factura Electrónica',
    linea: 'Servicios',
    tipo: 'servicio',
    activo: true,
    responsable: 'Martín Sosa',
    descripcion: doc(
      p(
        text(
          'Servicio que solicita el CAE a AFIP para los puntos de venta de cada cliente y guarda los comprobantes autorizados.',
        ),
      ),
      p(text('Ante una caída de AFIP reintenta solo; ver '), text('CAEA', 'code'), text(' para la contingencia.')),
    ),
  },
  {
    codigo: 'PHY-POS',
    nombre: 'Physis Punto de Venta',
    linea: 'Gestión',
    tipo: 'escritorio',
    activo: true,
    responsable: 'Carla Benítez',
    descripcion: doc(
      p(text('Caja para mostrador con controlador fiscal o factura electrónica, lector de códigos y balanza.')),
    ),
  },
  {
    codigo: 'PHY-BI',
    nombre: 'Physis Tableros',
    linea: 'Web',
    tipo: 'web',
    activo: true,
    responsable: 'Lucía Ferreyra',
    descripcion: doc(
      p(text('Tableros de ventas y stock por sucursal, '), text('actualizados cada noche', 'em'), text('.')),
    ),
  },
  {
    codigo: 'PHY-2',
    nombre: 'Physis 2 (clásico)',
    linea: 'Gestión',
    tipo: 'escritorio',
    activo: false,
    responsable: null,
    descripcion: doc(
      p(
        text('Versión anterior, ', 'strong'),
        text('sin nuevas ventas', 'strong', 's'),
        text('. Solo soporte a clientes sin migrar.'),
      ),
    ),
  },
];

/** Seeds the demo products through the same validation and insert as the routes, then their history. */
export async function seedProductos(tx: Tx): Promise<void> {
  const ids = new Map<string, number>();
  for (const input of PRODUCTOS) ids.set(input.codigo, (await crearEn(tx, productoInput.parse(input), null)).id);
  await historiaDemo(tx, ENTIDAD, [...ids.values()], productoDetalle, [
    { id: ids.get('PHY-2')!, por: 'admin', antes: { activo: true, responsable: 'Martín Sosa' } },
    { id: ids.get('PHY-WEB')!, por: 'admin', antes: { responsable: 'Martín Sosa' } },
    { id: ids.get('PHY-2')!, por: 'admin', antes: { linea: 'Legado' } },
  ]);
}
