import { Alert, Badge, Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { z } from 'zod';
import type { DireccionView, DnsEntry, dnsResolution } from '@intranet/contract/areas/servidores/dns';
import { useDeleteFlow } from '../../../components/DeleteAction.tsx';
import { HistoryTab } from '../../../components/HistoryTab/HistoryTab.tsx';
import { useEliminarDns, useResolverDns } from './api.ts';
import { Direcciones } from './Direcciones.tsx';
import { DnsEntryForm } from './DnsEntryForm.tsx';
import { dnsMessages as t } from './messages.ts';

type Resolucion = z.output<typeof dnsResolution>;

interface DnsEntryCardProps {
  servidorId: number;
  entry: DnsEntry & { direcciones: DireccionView[] };
  puedeEditar: boolean;
}

/** One DNS entry of a server: its fields, 'Resolver ahora', its addresses, and inline edit/delete. */
export function DnsEntryCard({ servidorId, entry, puedeEditar }: DnsEntryCardProps) {
  const [editing, setEditing] = useState(false);
  const [historial, setHistorial] = useState(false);
  const resolver = useResolverDns();
  const eliminar = useEliminarDns();

  const borrar = useDeleteFlow();
  const remove = () =>
    borrar.run({
      confirm: {
        title: t.eliminarEntradaTitulo,
        message: t.eliminarEntradaTexto(entry.host, entry.direcciones.length),
      },
      run: () => eliminar.mutateAsync(entry.id),
      done: { title: t.entradaEliminada, message: entry.host },
      errorTitle: t.errorEliminar,
    });

  return (
    <Paper component="section" aria-label={entry.host} withBorder radius="md" p="md">
      <Stack gap="sm">
        {editing ? (
          <DnsEntryForm servidorId={servidorId} entry={entry} onDone={() => setEditing(false)} />
        ) : (
          <Group justify="space-between" align="center" gap="sm">
            <Group gap="xs">
              <Text fw={700} ff="monospace">
                {entry.host}
              </Text>
              <Badge variant="outline">{entry.tipo}</Badge>
              <Badge variant="light" color="gray" tt="none">
                {t.campos.ttlCorto} {entry.ttl} s
              </Badge>
              <Badge variant="light" color={entry.activo ? 'green' : 'gray'}>
                {entry.activo ? t.activa : t.inactiva}
              </Badge>
            </Group>
            <Group gap={6}>
              <Button
                size="compact-sm"
                variant="light"
                loading={resolver.isPending}
                onClick={() => resolver.mutate(entry.id)}
              >
                {t.resolverAhora}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="gray"
                aria-expanded={historial}
                onClick={() => setHistorial((open) => !open)}
              >
                {t.historial}
              </Button>
              {puedeEditar && (
                <>
                  <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
                    {t.editar}
                  </Button>
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => void remove()}>
                    {t.eliminar}
                  </Button>
                </>
              )}
            </Group>
          </Group>
        )}
        {resolver.data && <ResolucionAlert resolucion={resolver.data} />}
        {resolver.error && (
          <Alert color="red" role="status" title={t.errorAccion}>
            {resolver.error.message}
          </Alert>
        )}
        <Collapse in={historial}>{historial && <HistoryTab entidad="dns" id={entry.id} labels={t.campos} />}</Collapse>
        <Text size="xs" fw={700} c="dimmed" tt="uppercase">
          {t.direcciones}
        </Text>
        <Direcciones dnsId={entry.id} dnsHost={entry.host} direcciones={entry.direcciones} puedeEditar={puedeEditar} />
      </Stack>
    </Paper>
  );
}

export function ResolucionAlert({ resolucion }: { resolucion: Resolucion }) {
  if (resolucion.error) {
    return (
      <Alert color="red" role="status" p="xs">
        {t.noResuelve(resolucion.error)}
      </Alert>
    );
  }
  const color = resolucion.coincide === false ? 'yellow' : 'green';
  return (
    <Alert color={color} role="status" p="xs">
      {t.resuelveA(resolucion.host, resolucion.direcciones)} {resolucion.coincide === true && t.coincide}
      {resolucion.coincide === false && t.noCoincide}
    </Alert>
  );
}
