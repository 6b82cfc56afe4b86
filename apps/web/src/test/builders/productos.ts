import type { Producto, ProductoFila } from '@intranet/contract/areas/productos';

/** A product as the list answers it. */
export const productoFila = (over: Partial<ProductoFila> = {}): ProductoFila => ({
  id: 1,
  codigo: 'PHY-ERP',
  nombre: 'Physis ERP',
  linea: 'Gestión',
  tipo: 'escritorio',
  activo: true,
  responsable: 'Gómez, Laura',
  creado: '2024-01-10T10:00:00Z',
  actualizado: '2026-11-20T10:00:00Z',
  ...over,
});

/** A product's detail, with a one-line description. */
export const producto = (over: Partial<Producto> = {}): Producto => ({
  ...productoFila(),
  descripcion: {
    type: 'doc',
    content: [{ type: 'paragraph', attrs: { align: null }, content: [{ type: 'text', text: 'El ERP de Physis' }] }],
  },
  ...over,
});
