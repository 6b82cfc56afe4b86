import { Button, Group, List, Menu, Select, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { IconChevronDown, IconFileSpreadsheet, IconHistory, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type LoteRechazo, type LoteResultado, loteEndpoints } from '@intranet/contract/shared/lote';
import { z } from 'zod';
import { call, download } from '../../core/http/endpoint.ts';
import { HttpError } from '../../core/http/HttpError.ts';
import { confirmAction } from '../confirmAction.tsx';
import { EntitySelect } from '../EntitySelect/EntitySelect.tsx';
import type { EntityOption, EntitySource } from '../EntitySelect/useEntityOptions.ts';
import { DateInputEs } from '../form/DateField.tsx';
import { exportFilename, saveFile } from '../ExportButton/saveFile.ts';
import { loteMessages as t } from '../messages.ts';
import { LoteHistorial } from './LoteHistorial.tsx';
import { loteHistorialMessages } from './loteHistorialMessages.ts';

/** The bulk routes every list's bulk bar calls, under the list's own URL (`lote.url`); each list's body is its own. */
const LOTE = loteEndpoints('', { body: z.unknown(), exportBody: z.unknown() });

/**
 * A field a bulk change may set, with the input it is typed in: a choice of options, yes/no, a day, a record
 * searched by name (a person), or text.
 */
export interface LoteCampo {
  /** The contract's field name ('estado'). */
  campo: string;
  /** Its Spanish label ('Estado'). */
  etiqueta: string;
  /** The values it may take, when it is a choice. */
  opciones?: readonly { value: string; label: string }[];
  /**
   * 'si_no' for a boolean, 'fecha' for a day (dd/mm/aaaa, sent aaaa-mm-dd); text otherwise (when there are no options).
   */
  tipo?: 'si_no' | 'fecha';
  /** A reference to another record, chosen by typing its name; its id is sent, or null to clear it. */
  entidad?: EntitySource<EntityOption>;
}

/** What a list declares to take bulk actions: its `lote` routes, the filter it shows, what it allows. */
export interface LoteLista {
  /** The list's API path ('…/api/maquinas'): the actions are `POST {url}/lote` and `{url}/lote/export.csv`. */
  url: string;
  /** The list's current filter and search, as its CSV export sends them (`useListState().exportParams`). */
  filtro: string;
  /**
   * The exported file's name before its date ('maquinas'); a list with no CSV of its own (webhooks) has none, and
   * no export.
   */
  nombre?: string;
  /** The area allows deleting (the user holds its edit code). */
  eliminar?: boolean;
  /** The fields a bulk change may set (none when the user may not edit). */
  campos?: readonly LoteCampo[] | undefined;
}

/** The selection as the server takes it: the chosen ids, or the list's own filter for "all that match". */
export type LoteSeleccion = { ids: number[] } | { filtro: Record<string, string> };

const seleccionDe = (lote: LoteLista, ids: number[] | 'todas'): LoteSeleccion =>
  ids === 'todas' ? { filtro: Object.fromEntries(new URLSearchParams(lote.filtro)) } : { ids };

/** The refused rows grouped by their reason, so that one reason shared by many rows reads once. */
function porMotivo(rechazados: readonly LoteRechazo[]): [string, string[]][] {
  const grupos = new Map<string, string[]>();
  for (const r of rechazados) grupos.set(r.motivo, [...(grupos.get(r.motivo) ?? []), r.nombre]);
  return [...grupos];
}

function mostrarResultado(resultado: LoteResultado, hechos: (n: number) => string) {
  modals.open({
    title: t.resultadoTitulo,
    centered: true,
    size: 'lg',
    children: (
      <Stack gap="sm" data-testid="lote-resultado">
        <Text size="sm">{hechos(resultado.hechos.length)}</Text>
        {resultado.rechazados.length > 0 && (
          <>
            <Text size="sm" c="red" fw={600}>
              {t.rechazados(resultado.rechazados.length)}
            </Text>
            <List size="sm" spacing={6} maw="100%" style={{ overflowWrap: 'anywhere' }}>
              {porMotivo(resultado.rechazados).map(([motivo, nombres]) => (
                <List.Item key={motivo}>
                  {`${motivo}: `}
                  <Text span fw={600} size="sm">
                    {nombres.join(', ')}
                  </Text>
                </List.Item>
              ))}
            </List>
          </>
        )}
        <Group justify="flex-end">
          <Button onClick={() => modals.closeAll()}>{t.cerrar}</Button>
        </Group>
      </Stack>
    ),
  });
}

const fallo = (error: unknown) =>
  notifications.show({ color: 'red', title: t.error, message: error instanceof Error ? error.message : String(error) });

interface CambioFormProps {
  lote: LoteLista;
  campo: LoteCampo;
  seleccion: LoteSeleccion;
  cerrar: () => void;
  onHecho: (resultado: LoteResultado) => void;
}

/** The small dialog of "Cambiar <campo>": the field's input, then one request for the whole selection. */
function CambioForm({ lote, campo, seleccion, cerrar, onHecho }: CambioFormProps) {
  const [valor, setValor] = useState<string | null>(
    campo.opciones?.[0]?.value ?? (campo.tipo === 'si_no' ? 'true' : ''),
  );
  const [error, setError] = useState<string | undefined>();
  const [ocupado, setOcupado] = useState(false);
  const aplicar = async () => {
    setOcupado(true);
    setError(undefined);
    try {
      const enviado =
        campo.tipo === 'si_no'
          ? valor === 'true'
          : valor === '' || valor === null
            ? null
            : campo.entidad
              ? Number(valor)
              : valor;
      const { datos } = await call(LOTE.accion, {
        at: lote.url,
        body: { seleccion, accion: 'cambiar', cambio: { campo: campo.campo, valor: enviado } },
      });
      cerrar();
      onHecho(datos);
    } catch (err) {
      if (err instanceof HttpError && err.status === 400) setError(err.campos['cambio.valor']?.[0] ?? err.message);
      else fallo(err);
    } finally {
      setOcupado(false);
    }
  };
  const opciones =
    campo.tipo === 'si_no'
      ? [
          { value: 'true', label: t.si },
          { value: 'false', label: t.no },
        ]
      : campo.opciones;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void aplicar();
      }}
    >
      <Stack gap="md">
        {campo.entidad ? (
          <EntitySelect
            source={campo.entidad}
            label={campo.etiqueta}
            value={valor ? Number(valor) : null}
            onChange={(id) => setValor(id === null ? '' : String(id))}
            placeholder={t.vacio}
            error={error}
            data-autofocus
          />
        ) : campo.tipo === 'fecha' ? (
          // Its placeholder says the format to type (dd/mm/aaaa); left empty, the day is cleared.
          <DateInputEs
            label={campo.etiqueta}
            value={valor}
            onChange={setValor}
            error={error}
            popoverProps={{ withinPortal: true }}
            data-autofocus
          />
        ) : opciones ? (
          <Select
            label={campo.etiqueta}
            data={opciones}
            value={valor}
            onChange={setValor}
            allowDeselect={false}
            error={error}
            comboboxProps={{ withinPortal: true }}
            data-autofocus
          />
        ) : (
          <TextInput
            label={campo.etiqueta}
            value={valor ?? ''}
            onChange={(event) => setValor(event.currentTarget.value)}
            placeholder={t.vacio}
            error={error}
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={cerrar}>
            {t.cancelar}
          </Button>
          <Button type="submit" loading={ocupado}>
            {t.aplicar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

interface LoteBarProps {
  lote: LoteLista;
  /** The chosen rows' ids, or 'todas': every row that matches the filter. */
  ids: number[] | 'todas';
  /** How many rows that is. */
  cantidad: number;
  /** Runs once an action is done: the selection is cleared. */
  onHecho: () => void;
  /**
   * More rows than one action may touch (`LOTE_MAXIMO`): only the export is offered, the server would refuse the rest.
   */
  excede?: boolean;
}

/** The bulk actions on a list's selection: Eliminar, "Cambiar <campo>" and Exportar selección, each one request. */
export function LoteBar({ lote, ids, cantidad, onHecho, excede = false }: LoteBarProps) {
  const [exportando, setExportando] = useState(false);
  const [eliminando, setEliminando] = useState(false);
  const [historial, setHistorial] = useState(false);
  const client = useQueryClient();
  const seleccion = seleccionDe(lote, ids);
  const terminado = (resultado: LoteResultado, hechos: (n: number) => string) => {
    onHecho();
    // Any list, detail or history may show the rows changed: all of them refetch.
    void client.invalidateQueries();
    mostrarResultado(resultado, hechos);
  };

  const eliminar = async () => {
    if (!(await confirmAction({ title: t.eliminarTitulo, message: t.eliminarTexto(cantidad), danger: true }))) return;
    setEliminando(true);
    try {
      const { datos } = await call(LOTE.accion, { at: lote.url, body: { seleccion, accion: 'eliminar' } });
      terminado(datos, t.eliminados);
    } catch (err) {
      fallo(err);
    } finally {
      setEliminando(false);
    }
  };

  const cambiar = (campo: LoteCampo) => {
    const id = `lote-${campo.campo}`;
    modals.open({
      modalId: id,
      title: t.cambiarTitulo(campo.etiqueta, cantidad),
      centered: true,
      children: (
        <CambioForm
          lote={lote}
          campo={campo}
          seleccion={seleccion}
          cerrar={() => modals.close(id)}
          onHecho={(r) => terminado(r, t.cambiados)}
        />
      ),
    });
  };

  const exportar = async (nombre: string) => {
    setExportando(true);
    try {
      saveFile(
        await download(LOTE.exportar, { at: lote.url, body: { seleccion }, options: {} }),
        exportFilename(nombre),
      );
    } catch (err) {
      fallo(err);
    } finally {
      setExportando(false);
    }
  };

  const campos = lote.campos ?? [];
  const nombre = lote.nombre;
  return (
    <Group gap="xs" role="group" aria-label={t.acciones} wrap="wrap">
      <Text size="sm" fw={600}>
        {t.seleccionadas(cantidad)}
      </Text>
      {lote.eliminar && (
        <Button
          size="xs"
          color="red"
          variant="light"
          leftSection={<IconTrash size={14} />}
          loading={eliminando}
          disabled={excede}
          onClick={() => void eliminar()}
        >
          {t.eliminar}
        </Button>
      )}
      {campos.length === 1 && campos[0] && (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPencil size={14} />}
          disabled={excede}
          onClick={() => cambiar(campos[0]!)}
        >
          {t.cambiar(campos[0].etiqueta)}
        </Button>
      )}
      {campos.length > 1 && (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} />}
              rightSection={<IconChevronDown size={14} />}
              disabled={excede}
            >
              {t.cambiar('…')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {campos.map((campo) => (
              <Menu.Item key={campo.campo} onClick={() => cambiar(campo)}>
                {t.cambiar(campo.etiqueta)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
      {nombre !== undefined && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconFileSpreadsheet size={14} />}
          loading={exportando}
          onClick={() => void exportar(nombre)}
        >
          {t.exportar}
        </Button>
      )}
      {/* Every delete and change above is recorded: what ran, by whom, and how far it got. */}
      {(lote.eliminar || campos.length > 0) && (
        <>
          <Button size="xs" variant="subtle" leftSection={<IconHistory size={14} />} onClick={() => setHistorial(true)}>
            {loteHistorialMessages.abrir}
          </Button>
          <LoteHistorial
            url={lote.url}
            puedeEditar
            campos={campos}
            opened={historial}
            onClose={() => setHistorial(false)}
          />
        </>
      )}
    </Group>
  );
}
