import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { ProductoDetail } from './ProductoDetail.tsx';
import { ProductoEditar, ProductoNuevo } from './ProductoForm.tsx';
import { ProductosList } from './ProductosList.tsx';

/** /soluciones/productos: the list, a new product, a product's detail and its edit form. */
export function ProductosRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <ProductosList /> },
        { path: 'nuevo', element: <ProductoNuevo /> },
        { path: ':id', element: <ProductoDetail /> },
        { path: ':id/editar', element: <ProductoEditar /> },
      ]}
    />
  );
}
