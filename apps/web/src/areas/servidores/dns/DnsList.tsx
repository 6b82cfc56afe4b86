import { Anchor, Badge, Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DNS_SORT, DNS_TIPOS, dnsListQuery, type DnsEntry } from '@intranet/contract/areas/servidores/dns';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { ExportButton } from '../../../components/ExportButton/ExportButton.tsx';
import { ImportarButton } from '../../../components/Importar/ImportarButton.tsx';
import { FilterSelect } from '../../../components/FilterSelect.tsx';
import { ListSearch } from '../../../components/ListSearch.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { useListState } from '../../../core/list/useListState.ts';
import { dnsCsvUrl, dnsKeys, dnsUrl, useDnsLista, useResolverDns, useServidoresOpciones } from './api.ts';
import { ResolucionAlert } from './DnsEntryCard.tsx';
import { dnsMessages as t } from './messages.ts';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';

const tipoOptions = DNS_TIPOS.map((tipo) => ({ value: tipo, label: tipo }));
const activoOptions = [
  { value: 'true', label: t.si },
  { value: 'false', label: t.no },
];

/** `/dns`: the derived DNS entries across servers, searchable and filtered, the view kept in the URL. */
export function DnsList() {
  const list = useListState(dnsListQuery);
  const entradas = useDnsLista(list.apiParams);
  const servidores = useServidoresOpciones();
  const navigate = useNavigate();
  const columns = useDnsColumns();
  const puedeEditar = usePermiso('SERDNS#EDITAR');

  const servidorOptions = (servidores.data ?? []).map((s) => ({ value: String(s.id), label: s.nombre }));

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
                    url: dnsUrl(),
                    nombre: 'dns',
                    que: 'entradas DNS',
                    invalidar: [dnsKeys.all, ['servidores'], ['auditoria']],
                  },
                ]}
              />
            )}
            <ExportButton url={dnsCsvUrl(list.exportParams)} name="dns" />
            {puedeEditar && (
              <Button component={Link} to="/dns/nueva" leftSection={<IconPlus size={16} />}>
                {t.nuevaEntrada}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t.tabla}
        tableId="dns"
        columns={columns}
        sortable={DNS_SORT}
        rows={entradas.data?.items}
        total={entradas.data?.total ?? 0}
        totalExacto={entradas.data?.total_exacto}
        totalEstimado={entradas.data?.total_estimado}
        list={list}
        getRowId={(row) => String(row.id)}
        rowLabel={(row) => row.host}
        loading={entradas.isPending}
        fetching={entradas.isPlaceholderData}
        error={entradas.error}
        onRetry={() => void entradas.refetch()}
        vivo={{ lista: 'dns', refrescar: entradas.refetch }}
        onRowClick={(row) => void navigate(`/dns/${row.id}`)}
        lote={{
          url: dnsUrl(),
          filtro: list.exportParams,
          nombre: 'dns',
          eliminar: puedeEditar,
          campos: puedeEditar
            ? [
                { campo: 'activo', etiqueta: t.campos.activo, tipo: 'si_no' },
                { campo: 'tipo', etiqueta: t.campos.tipo, opciones: tipoOptions },
                { campo: 'ttl', etiqueta: t.campos.ttl },
              ]
            : undefined,
        }}
        emptyText={t.sinEntradas}
        initiallyHidden={['id']}
        toolbar={
          <>
            <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
            <FilterSelect
              label={t.campos.servidor}
              value={list.query.servidor_id === undefined ? undefined : String(list.query.servidor_id)}
              options={servidorOptions}
              onChange={(id) => list.setFilter('servidor_id', id)}
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

/** The columns, with a 'Resolver ahora' per row whose answer stays under its button. */
function useDnsColumns(): ColumnDef<DnsEntry>[] {
  const resolver = useResolverDns();
  const [resultados, setResultados] = useState<Record<number, Parameters<typeof ResolucionAlert>[0]['resolucion']>>({});
  return useMemo<ColumnDef<DnsEntry>[]>(
    () => [
      { id: 'id', accessorKey: 'id', header: t.campos.id },
      {
        id: 'host',
        accessorKey: 'host',
        header: t.campos.host,
        enableHiding: false,
        cell: ({ row }) => (
          <Anchor component={Link} to={`/dns/${row.original.id}`} ff="monospace" size="sm" fw={600}>
            {row.original.host}
          </Anchor>
        ),
      },
      {
        id: 'servidor_nombre',
        header: t.campos.servidor_nombre,
        cell: ({ row }) => (
          <Anchor
            component={Link}
            to={`/servidores/${row.original.servidor_id}`}
            size="sm"
            aria-label={t.verServidor(row.original.servidor_nombre)}
          >
            {row.original.servidor_nombre}
          </Anchor>
        ),
      },
      { id: 'tipo', accessorKey: 'tipo', header: t.campos.tipo },
      { id: 'ttl', accessorKey: 'ttl', header: t.campos.ttlCorto },
      {
        id: 'activo',
        header: t.campos.activo,
        cell: ({ row }) => (
          <Badge variant="light" color={row.original.activo ? 'green' : 'gray'}>
            {row.original.activo ? t.si : t.no}
          </Badge>
        ),
      },
      { id: 'direcciones_count', accessorKey: 'direcciones_count', header: t.campos.direcciones_count },
      {
        id: 'resolver',
        header: t.resolverAhora,
        cell: ({ row }) => {
          const { id, host } = row.original;
          const resultado = resultados[id];
          return (
            <Stack gap={4} align="flex-start">
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t.resolverAhoraDe(host)}
                loading={resolver.isPending && resolver.variables === id}
                onClick={() =>
                  resolver.mutate(id, {
                    onSuccess: (r) => setResultados((previous) => ({ ...previous, [id]: r })),
                    onError: (error) =>
                      notifications.show({ color: 'red', title: t.errorAccion, message: error.message }),
                  })
                }
              >
                {t.resolverAhora}
              </Button>
              {resultado && <ResolucionAlert resolucion={resultado} />}
            </Stack>
          );
        },
      },
    ],
    [resolver, resultados],
  );
}
