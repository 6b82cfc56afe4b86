import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { direccionUrl, type DireccionView } from '@intranet/contract/areas/servidores/dns';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { useDeleteFlow } from '../../../components/DeleteAction.tsx';
import { useEliminarDireccion, useVerificarDireccion } from './api.ts';
import { DireccionForm } from './DireccionForm.tsx';
import { dnsMessages as t } from './messages.ts';

interface DireccionesProps {
  dnsId: number;
  dnsHost: string;
  direcciones: DireccionView[];
  puedeEditar: boolean;
}

type Verificacion = { alcanzable: boolean; ms: number | null; error: string | null };

const urlDe = (direccion: DireccionView) => direccion.url || direccionUrl(direccion);

/** A DNS entry's addresses, shown as URLs, each with a reachability check; add/edit/delete inline. */
export function Direcciones({ dnsId, dnsHost, direcciones, puedeEditar }: DireccionesProps) {
  const [editing, setEditing] = useState<number | 'nueva' | null>(null);
  const [checks, setChecks] = useState<Record<number, Verificacion>>({});
  const verificar = useVerificarDireccion();
  const eliminar = useEliminarDireccion();

  const check = (id: number) =>
    verificar.mutate(id, {
      onSuccess: (result) => setChecks((previous) => ({ ...previous, [id]: result })),
      onError: (error) =>
        setChecks((previous) => ({ ...previous, [id]: { alcanzable: false, ms: null, error: error.message } })),
    });

  const borrar = useDeleteFlow();
  const remove = (direccion: DireccionView, url: string) =>
    borrar.run({
      confirm: { title: t.eliminarDireccionTitulo, message: t.eliminarDireccionTexto(url) },
      run: () => eliminar.mutateAsync(direccion.id),
      done: { title: t.direccionEliminada, message: url },
      errorTitle: t.errorEliminar,
    });

  const columns: ColumnDef<DireccionView>[] = [
    {
      id: 'url',
      header: t.direccion.url,
      cell: ({ row: { original: direccion } }) => {
        const url = urlDe(direccion);
        return (
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm" ff="monospace">
            {url}
          </Anchor>
        );
      },
    },
    { id: 'host', header: t.direccion.hostCorto, cell: ({ row }) => row.original.host },
    { id: 'port', header: t.direccion.port, meta: { width: 80 }, cell: ({ row }) => row.original.port },
    {
      id: 'path',
      header: t.direccion.path,
      cell: ({ row }) => (
        <Text span size="sm" ff="monospace">
          {row.original.path}
        </Text>
      ),
    },
    {
      id: 'acciones',
      header: t.acciones,
      cell: ({ row: { original: direccion } }) => {
        const url = urlDe(direccion);
        const result = checks[direccion.id];
        return (
          <Stack gap={4} align="flex-start">
            <Group gap={6} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                aria-label={t.verificarDe(url)}
                loading={verificar.isPending && verificar.variables === direccion.id}
                onClick={() => check(direccion.id)}
              >
                {t.verificar}
              </Button>
              {puedeEditar && (
                <>
                  <Button
                    size="compact-xs"
                    variant="default"
                    aria-label={t.editarDireccion(url)}
                    onClick={() => setEditing(direccion.id)}
                  >
                    {t.editar}
                  </Button>
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="red"
                    aria-label={`${t.eliminar} ${url}`}
                    onClick={() => void remove(direccion, url)}
                  >
                    {t.eliminar}
                  </Button>
                </>
              )}
            </Group>
            {result && (
              <Text size="xs" fw={600} c={result.alcanzable ? 'green' : 'red'} role="status">
                {result.alcanzable ? t.alcanzable(result.ms) : t.noAlcanzable(result.error)}
              </Text>
            )}
          </Stack>
        );
      },
    },
  ];

  return (
    <Stack gap="xs">
      {direcciones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.sinDirecciones}
        </Text>
      ) : (
        <DataTable
          label={t.direccionesDe(dnsHost)}
          columns={columns}
          rows={direcciones}
          getRowId={(direccion) => String(direccion.id)}
          replaceRow={(direccion) =>
            editing === direccion.id && (
              <DireccionForm dnsId={dnsId} dnsHost={dnsHost} direccion={direccion} onDone={() => setEditing(null)} />
            )
          }
        />
      )}
      {puedeEditar &&
        (editing === 'nueva' ? (
          <DireccionForm dnsId={dnsId} dnsHost={dnsHost} onDone={() => setEditing(null)} />
        ) : (
          <Group>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              aria-label={t.agregarDireccionA(dnsHost)}
              onClick={() => setEditing('nueva')}
            >
              {t.agregarDireccion}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
