import { Badge, Group, Paper, Stack } from '@mantine/core';
import { useParams } from 'react-router';
import type { Producto } from '@intranet/contract/areas/productos';
import { DeleteAction } from '../../components/DeleteAction.tsx';
import { DetailGrid } from '../../components/DetailGrid.tsx';
import { EditButton } from '../../components/EditButton.tsx';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordScreen } from '../../components/RecordScreen.tsx';
import { RecordTabs } from '../../components/RecordTabs.tsx';
import { RichTextCard } from '../../components/RichTextView.tsx';
import { formatFechaHora } from '../../core/format.ts';
import { usePermiso } from '../../core/permisos/usePermiso.ts';
import { useEliminarProducto, useProducto } from './api.ts';
import { productosMessages as t } from './messages.ts';
import { PRODUCTOS_PATH } from './ProductosList.tsx';
import { TipoBadge } from './TipoBadge.tsx';

/** `/soluciones/productos/:id`: the product's data with its rendered description, and its history. */
export function ProductoDetail() {
  const id = Number(useParams().id);
  const producto = useProducto(id);
  return (
    <RecordScreen
      query={producto}
      title={t.titulo}
      back={{ to: PRODUCTOS_PATH, label: t.volver }}
      notFound={t.noEncontrado}
    >
      {(record) => <ProductoView producto={record} />}
    </RecordScreen>
  );
}

function ProductoView({ producto }: { producto: Producto }) {
  const puedeEditar = usePermiso('PROD#EDITAR');
  const eliminar = useEliminarProducto();

  return (
    <>
      <PageHeader
        title={
          <Group gap="sm" component="span">
            {producto.nombre}
            <TipoBadge tipo={producto.tipo} />
            {!producto.activo && (
              <Badge variant="light" color="gray">
                {t.inactivo}
              </Badge>
            )}
          </Group>
        }
        back={{ to: PRODUCTOS_PATH, label: t.volver }}
        actions={
          puedeEditar && (
            <>
              <EditButton to={`${PRODUCTOS_PATH}/${producto.id}/editar`}>{t.editar}</EditButton>
              <DeleteAction
                label={t.eliminar}
                confirm={{ title: t.eliminarTitulo, message: t.eliminarTexto(producto.nombre) }}
                run={() => eliminar.mutateAsync(producto.id)}
                done={{ title: t.eliminado, message: producto.nombre, to: PRODUCTOS_PATH }}
                errorTitle={t.errorEliminar}
              />
            </>
          )
        }
      />
      <RecordTabs
        tabs={[
          {
            value: 'datos',
            label: t.tabs.datos,
            panel: (
              <Stack gap="md">
                <Paper withBorder radius="md" p="lg">
                  <DetailGrid
                    items={[
                      { label: t.campos.codigo, value: producto.codigo },
                      { label: t.campos.nombre, value: producto.nombre },
                      { label: t.campos.linea, value: producto.linea },
                      { label: t.campos.tipo, value: t.tipos[producto.tipo] },
                      { label: t.campos.activo, value: producto.activo ? t.si : t.no },
                      { label: t.campos.responsable, value: producto.responsable },
                      { label: t.campos.creado, value: formatFechaHora(producto.creado) },
                      { label: t.campos.actualizado, value: formatFechaHora(producto.actualizado) },
                    ]}
                  />
                </Paper>
                <RichTextCard value={producto.descripcion} label={t.campos.descripcion} emptyText={t.sinDescripcion} />
              </Stack>
            ),
          },
          {
            value: 'historial',
            label: t.tabs.historial,
            panel: <HistoryTab entidad="producto" id={producto.id} labels={t.campos} valueLabels={{ tipo: t.tipos }} />,
          },
        ]}
      />
    </>
  );
}
