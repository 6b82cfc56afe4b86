import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import type { Parametro } from '@intranet/contract/areas/clientes';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { listMessages } from '../../../components/messages.ts';
import { useParametros } from './api.ts';
import { parametrosMessages as t } from './parametroOpciones.ts';
import { parametroColumnas, ParametroFilasContext, type ParametroFilas } from './ParametroFila.tsx';
import { ParametroNuevo } from './ParametroNuevo.tsx';

interface ParametrosGridProps {
  clienteId: number;
  /** One of the client's servers, or null for the client's own parameters. */
  servidorId: number | null;
  puedeEditar: boolean;
  /** More buttons beside "Agregar parámetro" (the detail's "Copiar de otro cliente"). */
  acciones?: ReactNode;
}

/** The key/value grid of one scope, grouped by `grupo`, typed, edited inline; secrets masked until revealed. */
export function ParametrosGrid({ clienteId, servidorId, puedeEditar, acciones }: ParametrosGridProps) {
  const parametros = useParametros(clienteId, servidorId);
  const [agregando, setAgregando] = useState(false);
  const [editando, setEditandoIds] = useState<ReadonlySet<number>>(new Set());
  const [revelados, setRevelados] = useState<Readonly<Partial<Record<number, string>>>>({});
  // Another client or server: nothing of the previous scope stays in edit or in clear.
  const ambito = `${clienteId}-${servidorId ?? 0}`;
  const [ambitoMostrado, setAmbitoMostrado] = useState(ambito);
  if (ambito !== ambitoMostrado) {
    setAmbitoMostrado(ambito);
    setEditandoIds(new Set());
    setRevelados({});
  }
  const filas = useMemo<ParametroFilas>(
    () => ({
      clienteId,
      puedeEditar,
      editando,
      revelados,
      setEditando: (id, si) =>
        setEditandoIds((previos) => {
          const siguientes = new Set(previos);
          if (si) siguientes.add(id);
          else siguientes.delete(id);
          return siguientes;
        }),
      setRevelado: (id, valor) => setRevelados((previos) => ({ ...previos, [id]: valor ?? undefined })),
    }),
    [clienteId, puedeEditar, editando, revelados],
  );
  // Each group's rows stay the same array until the parameters change.
  const grupos = useMemo(() => {
    const porGrupo = new Map<string, Parametro[]>();
    for (const p of parametros.data ?? []) porGrupo.set(p.grupo, [...(porGrupo.get(p.grupo) ?? []), p]);
    return porGrupo;
  }, [parametros.data]);

  if (parametros.isPending) return <Loader aria-label={listMessages.cargando} />;
  if (parametros.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {parametros.error.message}
      </Alert>
    );
  }

  return (
    <ParametroFilasContext.Provider value={filas}>
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
        {agregando && (
          <ParametroNuevo
            clienteId={clienteId}
            servidorId={servidorId}
            onDone={() => setAgregando(false)}
            grupos={[...grupos.keys()]}
          />
        )}
        {grupos.size === 0 && !agregando && <Text c="dimmed">{t.sinParametros}</Text>}
        {[...grupos.entries()].map(([grupo, parametrosDelGrupo]) => (
          <Paper key={grupo} withBorder radius="md" p="md">
            <Text fw={700} mb="xs">
              {grupo}
            </Text>
            <DataTable
              label={t.tabla(grupo)}
              columns={parametroColumnas}
              rows={parametrosDelGrupo}
              getRowId={(p) => String(p.id)}
            />
          </Paper>
        ))}
      </Stack>
    </ParametroFilasContext.Provider>
  );
}
