import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import type { ServidorDetalle } from '@intranet/contract/areas/servidores';
import { usePermiso } from '../../../core/permisos/usePermiso.ts';
import { DnsEntryCard } from './DnsEntryCard.tsx';
import { DnsEntryForm } from './DnsEntryForm.tsx';
import { dnsMessages as t } from './messages.ts';

/** A server's DNS entries and their addresses, edited in place (the DNS tab of the server's detail). */
export function ServidorDnsTab({ servidor }: { servidor: ServidorDetalle }) {
  const puedeEditar = usePermiso('SERDNS#EDITAR');
  const [adding, setAdding] = useState(false);

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={2} size="h3">
          {t.entradasDe(servidor.nombre)}
        </Title>
        {puedeEditar && !adding && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t.agregarEntrada}
          </Button>
        )}
      </Group>
      {adding && (
        <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
          <DnsEntryForm servidorId={servidor.id} onDone={() => setAdding(false)} />
        </Paper>
      )}
      {servidor.dns_entries.length === 0 && !adding && <Text c="dimmed">{t.sinEntradasServidor}</Text>}
      {servidor.dns_entries.map((entry) => (
        <DnsEntryCard key={entry.id} servidorId={servidor.id} entry={entry} puedeEditar={puedeEditar} />
      ))}
    </Stack>
  );
}
