import { Anchor, Badge, Paper, Text } from '@mantine/core';
import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { Persona } from '@intranet/contract/areas/personas';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../../../components/messages.ts';
import { useContactos } from '../api.ts';
import { clientesMessages as t } from '../messages.ts';

/** The people of this client (Personas of this client), read through the Personas list. */
export function ContactosTab({ clienteId, contactoId }: { clienteId: number; contactoId: number | null }) {
  const contactos = useContactos(clienteId);
  const columns = useMemo<ColumnDef<Persona>[]>(
    () => [
      {
        id: 'nombre',
        header: t.contactoCampos.nombre,
        cell: ({ row: { original: p } }) => (
          <>
            <Anchor component={Link} to={`/personas/${p.id}`} size="sm" fw={600}>
              {p.nombre_completo}
            </Anchor>{' '}
            {p.id === contactoId && (
              <Badge size="xs" variant="light">
                {t.contactoPrincipal}
              </Badge>
            )}
          </>
        ),
      },
      { id: 'puesto', header: t.contactoCampos.puesto, cell: ({ row }) => row.original.puesto },
      { id: 'email', header: t.contactoCampos.email, cell: ({ row }) => row.original.email },
      { id: 'telefono', header: t.contactoCampos.telefono, cell: ({ row }) => row.original.telefono },
    ],
    [contactoId],
  );
  if (contactos.isPending) return <Text c="dimmed">{listMessages.cargando}</Text>;
  if (contactos.isError) return <Text c="red">{contactos.error.message}</Text>;
  if (contactos.data.items.length === 0) return <Text c="dimmed">{t.sinContactos}</Text>;
  return (
    <Paper withBorder radius="md" p="md">
      <DataTable
        label={t.contactosTitulo}
        columns={columns}
        rows={contactos.data.items}
        getRowId={(p) => String(p.id)}
      />
    </Paper>
  );
}
