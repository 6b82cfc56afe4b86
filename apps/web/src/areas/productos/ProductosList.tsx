import { Anchor, Badge, Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { Link, useNavigate } from 'react-router';
import {
  PRODUCTO_SORT,
  PRODUCTO_TIPOS,
  productoListQuery,
  type ProductoFila,
} from '@intranet/contract/areas/productos';
import { DataTable } from '../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { useListState } from '../../core/list/useListState.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { productosCsvUrl, productosKeys, productosUrl, useLineas, useProductos } from './api.ts';
import { productosMessages as t } from './messages.ts';
import { TipoBadge } from './TipoBadge.tsx';

export const PRODUCTOS_PATH = '/soluciones/productos';

const columns: ColumnDef<ProductoFila>[] = [
  {
    id: 'codigo',
    header: t.campos.codigo,
    enableHiding: false,
    cell: ({ row }) => (
      <Anchor component={Link} to={`${PRODUCTOS_PATH}/${row.original.id}`} fw={600} size="sm">
        {row.original.codigo}
      </Anchor>
    ),
  },
  { id: 'nombre', accessorKey: 'nombre', header: t.campos.nombre },
  { id: 'linea', accessorKey: 'linea', header: t.campos.linea },
  { id: 'tipo', header: t.campos.tipo, cell: ({ row }) => <TipoBadge tipo={row.original.tipo} /> },
  {
    id: 'activo',
    header: t.campos.activo,
    cell: ({ row }) => (
      <Badge variant="light" color={row.original.activo ? 'green' : 'gray'}>
        {row.original.activo ? t.activo : t.inactivo}
      </Badge>
    ),
  },
  { id: 'responsable', accessorKey: 'responsable', header: t.campos.responsable },
  { id: 'actualizado', header: t.campos.actualizado, accessorFn: (row) => formatFechaHora(row.actualizado) },
];

const tipoOptions = PRODUCTO_TIPOS.map((tipo) => ({ value: tipo, label: t.tipos[tipo] }));
const activoOptions = [
  { value: 'true', label: t.si },
  { value: 'false', label: t.no },
];

/** `/soluciones/productos`: the products, paged, sorted and filtered on the server, the view kept in the URL. */
export function ProductosList() {
  const list = useListState(productoListQuery);
  const productos = useProductos(list.apiParams);
  const lineas = useLineas();
  const puedeEditar = usePermiso('PROD#EDITAR');
  const navigate = useNavigate();

  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          <>
            {puedeEditar && (
              <ImportarButton
                importables={[
                  {
                    url: productosUrl(),
                    nombre: 'productos',
                    que: 'productos',
                    invalidar: [productosKeys.all, ['auditoria']],
                  },
                ]}
              />
            )}
            <ExportButton url={productosCsvUrl(list.exportParams)} name="productos" />
            {puedeEditar && (
              <Button component={Link} to={`${PRODUCTOS_PATH}/nuevo`} leftSection={<IconPlus size={16} />}>
                {t.nuevo}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="productos"
        columns={columns}
        sortable={PRODUCTO_SORT}
        rows={productos.data?.items}
        total={productos.data?.total ?? 0}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.nombre}
        loading={productos.isPending}
        fetching={productos.isPlaceholderData}
        error={productos.error}
        onRetry={() => void productos.refetch()}
        vivo={{ lista: 'productos', refrescar: productos.refetch }}
        onRowClick={(row) => void navigate(`${PRODUCTOS_PATH}/${row.id}`)}
        lote={{
          url: productosUrl(),
          filtro: list.exportParams,
          nombre: 'productos',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'activo', etiqueta: t.campos.activo, tipo: 'si_no' },
                { campo: 'tipo', etiqueta: t.campos.tipo, opciones: tipoOptions },
                { campo: 'linea', etiqueta: t.campos.linea },
                { campo: 'responsable', etiqueta: t.campos.responsable },
              ]
            : undefined,
        }}
        emptyText={t.sinProductos}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.linea}
              value={list.query.linea}
              options={(lineas.data ?? []).map((linea) => ({ value: linea, label: linea }))}
              onChange={(linea) => list.setFilter('linea', linea)}
              searchable
            />
            <FilterSelect
              label={t.campos.tipo}
              value={list.query.tipo}
              options={tipoOptions}
              onChange={(tipo) => list.setFilter('tipo', tipo)}
            />
            <FilterSelect
              label={t.campos.activo}
              value={list.query.activo === undefined ? undefined : String(list.query.activo)}
              options={activoOptions}
              onChange={(activo) => list.setFilter('activo', activo)}
            />
          </>
        }
      />
    </>
  );
}
