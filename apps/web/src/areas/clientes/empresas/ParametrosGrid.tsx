import { Alert, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import type { Parametro } from '@intranet/contract/clientes';
import { listMessages } from '../../../components/messages.ts';
import { useParametros } from './api.ts';
import { parametrosMessages as t } from './parametroOpciones.ts';
import { ParametroFila } from './ParametroFila.tsx';
import { ParametroNuevo } from './ParametroNuevo.tsx';

interface ParametrosGridProps {
  empresaId: number;
  /** One of the client's servers, or null for the client's own parameters. */
  servidorId: number | null;
  puedeEditar: boolean;
  /** More buttons beside "Agregar parámetro" (the detail's "Copiar de otro cliente"). */
  acciones?: ReactNode;
}

/** The key/value grid of one scope, grouped by `grupo`, typed, edited inline; secrets masked until revealed. */
export function ParametrosGrid({ empresaId, servidorId, puedeEditar, acciones }: ParametrosGridProps) {
  const parametros = useParametros(empresaId, servidorId);
  const [agregando, setAgregando] = useState(false);

  if (parametros.isPending) return <Loader aria-label={listMessages.cargando} />;
  if (parametros.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {parametros.error.message}
      </Alert>
    );
  }
  const grupos = new Map<string, Parametro[]>();
  for (const p of parametros.data) grupos.set(p.grupo, [...(grupos.get(p.grupo) ?? []), p]);

  return (
    <Stack gap="md">
      {puedeEditar && (
        <Group>
          {!agregando && (
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setAgregando(true)}>
              {t.nuevo}
            </Button>
          )}
          {acciones}
        </Group>
      )}
      {agregando && <ParametroNuevo empresaId={empresaId} servidorId={servidorId} onDone={() => setAgregando(false)} grupos={[...grupos.keys()]} />}
      {grupos.size === 0 && !agregando && <Text c="dimmed">{t.sinParametros}</Text>}
      {[...grupos.entries()].map(([grupo, filas]) => (
        <Paper key={grupo} withBorder radius="md" p="md">
          <Text fw={700} mb="xs">
            {grupo}
          </Text>
          <Table aria-label={t.tabla(grupo)} verticalSpacing="xs" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="24%">{t.campos.clave}</Table.Th>
                <Table.Th w={90}>{t.campos.tipo}</Table.Th>
                <Table.Th>{t.campos.valor}</Table.Th>
                <Table.Th w="22%">{t.campos.descripcion}</Table.Th>
                <Table.Th w={120} aria-label={t.campos.acciones} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {filas.map((p) => (
                <ParametroFila key={p.id} empresaId={empresaId} parametro={p} puedeEditar={puedeEditar} />
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      ))}
    </Stack>
  );
}
