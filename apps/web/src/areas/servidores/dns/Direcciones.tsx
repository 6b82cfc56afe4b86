import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { direccionUrl, type DireccionView } from '@intranet/contract/servidores/dns';
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

/** A DNS entry's addresses, shown as URLs, each with a reachability check; add/edit/delete inline. */
export function Direcciones({ dnsId, dnsHost, direcciones, puedeEditar }: DireccionesProps) {
  const [editing, setEditing] = useState<number | 'nueva' | null>(null);
  const [checks, setChecks] = useState<Record<number, Verificacion>>({});
  const verificar = useVerificarDireccion();
  const eliminar = useEliminarDireccion();

  const check = (id: number) =>
    verificar.mutate(id, {
      onSuccess: (result) => setChecks((previous) => ({ ...previous, [id]: result })),
      onError: (error) => setChecks((previous) => ({ ...previous, [id]: { alcanzable: false, ms: null, error: error.message } })),
    });

  const borrar = useDeleteFlow();
  const remove = (direccion: DireccionView, url: string) =>
    borrar.run({
      confirm: { title: t.eliminarDireccionTitulo, message: t.eliminarDireccionTexto(url) },
      run: () => eliminar.mutateAsync(direccion.id),
      done: { title: t.direccionEliminada, message: url },
      errorTitle: t.errorEliminar,
    });

  return (
    <Stack gap="xs">
      {direcciones.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t.sinDirecciones}
        </Text>
      ) : (
        <Table aria-label={t.direccionesDe(dnsHost)} verticalSpacing={6} withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.direccion.url}</Table.Th>
              <Table.Th>{t.direccion.hostCorto}</Table.Th>
              <Table.Th w={80}>{t.direccion.port}</Table.Th>
              <Table.Th>{t.direccion.path}</Table.Th>
              <Table.Th>{t.acciones}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {direcciones.map((direccion) => {
              const url = direccion.url || direccionUrl(direccion);
              if (editing === direccion.id) {
                return (
                  <Table.Tr key={direccion.id}>
                    <Table.Td colSpan={5}>
                      <DireccionForm dnsId={dnsId} dnsHost={dnsHost} direccion={direccion} onDone={() => setEditing(null)} />
                    </Table.Td>
                  </Table.Tr>
                );
              }
              const result = checks[direccion.id];
              return (
                <Table.Tr key={direccion.id}>
                  <Table.Td>
                    <Anchor href={url} target="_blank" rel="noreferrer" size="sm" ff="monospace">
                      {url}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{direccion.host}</Table.Td>
                  <Table.Td>{direccion.port}</Table.Td>
                  <Table.Td ff="monospace">{direccion.path}</Table.Td>
                  <Table.Td>
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
                            <Button size="compact-xs" variant="default" aria-label={t.editarDireccion(url)} onClick={() => setEditing(direccion.id)}>
                              {t.editar}
                            </Button>
                            <Button size="compact-xs" variant="subtle" color="red" aria-label={`${t.eliminar} ${url}`} onClick={() => void remove(direccion, url)}>
                              {t.eliminar}
                            </Button>
                          </>
                        )}
                      </Group>
                      {result && (
                        <Text size="xs" fw={600} c={result.alcanzable ? 'green.8' : 'red.8'} role="status">
                          {result.alcanzable ? t.alcanzable(result.ms) : t.noAlcanzable(result.error)}
                        </Text>
                      )}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
      {puedeEditar &&
        (editing === 'nueva' ? (
          <DireccionForm dnsId={dnsId} dnsHost={dnsHost} onDone={() => setEditing(null)} />
        ) : (
          <Group>
            <Button size="compact-sm" variant="subtle" leftSection={<IconPlus size={14} />} aria-label={t.agregarDireccionA(dnsHost)} onClick={() => setEditing('nueva')}>
              {t.agregarDireccion}
            </Button>
          </Group>
        ))}
    </Stack>
  );
}
