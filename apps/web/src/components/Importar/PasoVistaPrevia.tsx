import { Alert, Group, Loader, Pagination, ScrollArea, Stack, Switch, Table, Text } from '@mantine/core';
import type { ImportacionCampo, ImportacionMapeo } from '@intranet/contract/shared/importacion';
import { useState } from 'react';
import { useVistaPrevia, type ImportacionApi } from './api.ts';
import { importarMessages as t } from './messages.ts';
import classes from './Importar.module.css';

const TAMANO = 20;

/** A row's errors as text, each with its field's title. */
const mensajesDe = (campos: readonly ImportacionCampo[], errores: Record<string, string[]>) =>
  Object.entries(errores).flatMap(([campo, m]) => {
    const titulo = campos.find((c) => c.campo === campo)?.titulo;
    return m.map((x) => (titulo ? `${titulo}: ${x}` : x));
  });

interface PasoVistaPreviaProps {
  api: ImportacionApi;
  id: number;
  campos: readonly ImportacionCampo[];
  mapeo: ImportacionMapeo;
  /** The file's data rows. */
  filas: number;
}

/** Step 3: the rows as the mapping reads them, a cell with an error marked and its reason beside the row. */
export function PasoVistaPrevia({ api, id, campos, mapeo, filas }: PasoVistaPreviaProps) {
  const [pagina, setPagina] = useState(1);
  const [soloErrores, setSoloErrores] = useState(false);
  const vista = useVistaPrevia(api, id, mapeo, pagina, soloErrores, TAMANO);
  const mapeados = campos.filter((c) => mapeo[c.campo]);
  const datos = vista.data;
  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="sm">
        {datos ? (
          <Text fw={600} c={datos.con_errores > 0 ? 'red' : 'teal'} role="status">
            {t.conErrores(datos.con_errores, filas)}
          </Text>
        ) : (
          <Loader size="sm" />
        )}
        <Switch
          label={t.soloErrores}
          checked={soloErrores}
          onChange={(e) => {
            setSoloErrores(e.currentTarget.checked);
            setPagina(1);
          }}
        />
      </Group>
      {datos && datos.con_errores > 0 && <Alert color="orange">{t.corregir}</Alert>}
      {vista.error && <Alert color="red">{vista.error.message}</Alert>}
      {/* On a phone the reasons come first: the table scrolls sideways. */}
      <Stack gap={2} component="ul" m={0} pl="md" hiddenFrom="sm">
        {datos?.filas
          .filter((f) => Object.keys(f.errores).length > 0)
          .map((f) => (
            <Text key={f.fila} component="li" size="sm" c="red">
              <strong>{t.filaErrores(f.fila)}:</strong> {mensajesDe(campos, f.errores).join(' · ')}
            </Text>
          ))}
      </Stack>
      <ScrollArea type="auto" offsetScrollbars>
        <Table striped withTableBorder aria-label={t.tabla} className={classes.tabla}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.fila}</Table.Th>
              {mapeados.map((c) => (
                <Table.Th key={c.campo}>{c.titulo}</Table.Th>
              ))}
              <Table.Th visibleFrom="sm">{t.errores}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {datos?.filas.map((f) => {
              const mensajes = mensajesDe(campos, f.errores);
              return (
                <Table.Tr key={f.fila} className={mensajes.length > 0 ? classes.conError : undefined}>
                  <Table.Td>{f.fila}</Table.Td>
                  {mapeados.map((c) => {
                    const error = f.errores[c.campo];
                    return (
                      <Table.Td
                        key={c.campo}
                        className={error ? classes.celdaError : undefined}
                        aria-invalid={error ? true : undefined}
                        title={error?.join('; ')}
                      >
                        {f.valores[c.campo] ?? ''}
                      </Table.Td>
                    );
                  })}
                  <Table.Td className={classes.errores} visibleFrom="sm">
                    {mensajes.join(' · ')}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {datos && datos.total > TAMANO && (
        <Pagination total={Math.ceil(datos.total / TAMANO)} value={pagina} onChange={setPagina} size="sm" />
      )}
    </Stack>
  );
}
