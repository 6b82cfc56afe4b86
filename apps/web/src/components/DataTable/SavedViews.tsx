import { Badge, Button, Checkbox, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import {
  IconBookmark,
  IconBookmarkPlus,
  IconDeviceFloppy,
  IconPencil,
  IconShare,
  IconStar,
  IconStarFilled,
  IconTrash,
} from '@tabler/icons-react';
import type { VisibilityState } from '@tanstack/react-table';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { Vista, VistaLista } from '@intranet/contract/areas/vistas';
import { HttpError } from '../../core/http/HttpError.ts';
import { confirmAction } from '../confirmAction.tsx';
import { confirmMessages, savedViewMessages as t } from '../messages.ts';
import { useVistaMutations, useVistas } from './savedViewsApi.ts';
import { BotonBarra } from '../BotonBarra.tsx';

interface SavedViewsProps {
  lista: VistaLista;
  visibility: VisibilityState;
  setVisibility: (visibility: VisibilityState) => void;
}

const ocultasDe = (visibility: VisibilityState) => Object.keys(visibility).filter((id) => visibility[id] === false);

/** The first field error of a refused save, or its message. */
function errorDe(error: unknown): string {
  if (error instanceof HttpError)
    return Object.values(error.body?.campos ?? {})[0]?.[0] ?? error.body?.error ?? error.message;
  return error instanceof Error ? error.message : String(error);
}

type Valores = { nombre: string; compartida: boolean };

/** The dialog's form: a name and whether to share; closes the dialog `id` once `guardar` succeeds. */
function Formulario({
  id,
  title,
  inicial,
  guardar,
}: {
  id: string;
  title: string;
  inicial: Valores;
  guardar: (valores: Valores) => Promise<void>;
}) {
  const [nombre, setNombre] = useState(inicial.nombre);
  const [compartida, setCompartida] = useState(inicial.compartida);
  const [error, setError] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  return (
    <form
      aria-label={title}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!nombre.trim()) return setError(t.nombreRequerido);
        setEnviando(true);
        guardar({ nombre: nombre.trim(), compartida })
          .then(() => modals.close(id))
          .catch((e: unknown) => setError(errorDe(e)))
          .finally(() => setEnviando(false));
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t.nombre}
          withAsterisk
          autoFocus
          maxLength={80}
          value={nombre}
          onChange={(e) => setNombre(e.currentTarget.value)}
          error={error}
        />
        <Checkbox
          label={t.compartir}
          description={t.compartirAyuda}
          checked={compartida}
          onChange={(e) => setCompartida(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            {confirmMessages.cancelar}
          </Button>
          <Button type="submit" loading={enviando}>
            {t.guardar}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Asks a name (and whether to share) in a dialog; answers null when cancelled. */
function pedirNombre(title: string, inicial: Valores, guardar: (valores: Valores) => Promise<void>) {
  const id = `vista-${Date.now()}`;
  modals.open({
    modalId: id,
    title,
    centered: true,
    closeButtonProps: { 'aria-label': confirmMessages.cerrar },
    children: <Formulario id={id} title={title} inicial={inicial} guardar={guardar} />,
  });
}

/**
 * The saved views of a list, in its header beside the column chooser: pick one (its filters, sort,
 * search, page size and columns), save the current state under a name (private or shared), and for one's own:
 * keep the current state in it, rename, share, make it the list's default, delete (asked first). A list opened
 * without any state in its address opens with the user's default view.
 */
export function SavedViews({ lista, visibility, setVisibility }: SavedViewsProps) {
  const [params, setParams] = useSearchParams();
  const query = useVistas(lista);
  const m = useVistaMutations(lista);
  const aplicada = useRef(false);
  const vistas = query.data?.vistas ?? [];
  const predeterminada = query.data?.predeterminada ?? null;

  const aplicar = (vista: Vista) => {
    setParams(new URLSearchParams(vista.params));
    setVisibility(Object.fromEntries(vista.ocultas.map((id) => [id, false])));
  };

  // The default view, once, when the list opens with nothing in its address.
  // runs when the views arrive, once (the ref); the address (params) and aplicar are read at that moment only, and a
  // later change to either must not apply the default view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(() => {
    if (aplicada.current || !query.data) return;
    aplicada.current = true;
    const vista = query.data.vistas.find((v) => v.id === query.data.predeterminada);
    if (vista && [...params.keys()].length === 0) aplicar(vista);
  }, [query.data]);

  const actual = () => ({ params: params.toString(), ocultas: ocultasDe(visibility) });
  const hecho = (mensaje: string) => notifications.show({ color: 'green', message: mensaje });
  const fallo = (error: unknown) => notifications.show({ color: 'red', title: t.error, message: errorDe(error) });

  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={320}>
      <Menu.Target>
        <BotonBarra icono={<IconBookmark size={16} />} texto={t.vistas} aria-label={t.vistas} />
      </Menu.Target>
      <Menu.Dropdown>
        {vistas.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py={6}>
            {query.isError ? t.errorCarga : t.ninguna}
          </Text>
        )}
        {vistas.map((vista) => (
          <Menu.Item
            key={vista.id}
            onClick={() => aplicar(vista)}
            leftSection={
              vista.id === predeterminada ? (
                <IconStarFilled size={14} aria-label={t.predeterminada} />
              ) : (
                <IconBookmark size={14} />
              )
            }
            rightSection={
              vista.compartida ? (
                <Badge size="xs" variant="light">
                  {vista.propia ? t.compartida : vista.autor}
                </Badge>
              ) : null
            }
          >
            {vista.nombre}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          leftSection={<IconBookmarkPlus size={16} />}
          onClick={() =>
            pedirNombre(t.guardarActual, { nombre: '', compartida: false }, async ({ nombre, compartida }) => {
              await m.crear.mutateAsync({ lista, nombre, compartida, ...actual() });
              hecho(t.guardada(nombre));
            })
          }
        >
          {t.guardarActual}
        </Menu.Item>
        {vistas.filter((v) => v.propia).length > 0 && <Menu.Label>{t.propias}</Menu.Label>}
        {vistas
          .filter((v) => v.propia)
          .map((vista) => (
            <Menu.Sub key={vista.id}>
              <Menu.Sub.Target>
                <Menu.Sub.Item>{vista.nombre}</Menu.Sub.Item>
              </Menu.Sub.Target>
              <Menu.Sub.Dropdown>
                <Menu.Item
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={() =>
                    m.cambiar
                      .mutateAsync({ id: vista.id, cambios: actual() })
                      .then(() => hecho(t.actualizada(vista.nombre)), fallo)
                  }
                >
                  {t.actualizar}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPencil size={16} />}
                  onClick={() =>
                    pedirNombre(
                      t.renombrar,
                      { nombre: vista.nombre, compartida: vista.compartida },
                      async ({ nombre, compartida }) => {
                        await m.cambiar.mutateAsync({ id: vista.id, cambios: { nombre, compartida } });
                        hecho(t.guardada(nombre));
                      },
                    )
                  }
                >
                  {t.renombrar}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconShare size={16} />}
                  onClick={() =>
                    m.cambiar
                      .mutateAsync({ id: vista.id, cambios: { compartida: !vista.compartida } })
                      .then(() => hecho(vista.compartida ? t.privada : t.compartidaCon), fallo)
                  }
                >
                  {vista.compartida ? t.dejarDeCompartir : t.compartir}
                </Menu.Item>
                <Menu.Item
                  leftSection={vista.id === predeterminada ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                  onClick={() =>
                    m.predeterminar
                      .mutateAsync(vista.id === predeterminada ? null : vista.id)
                      .then(() => hecho(t.predeterminadaLista), fallo)
                  }
                >
                  {vista.id === predeterminada ? t.quitarPredeterminada : t.hacerPredeterminada}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={16} />}
                  onClick={() =>
                    void confirmAction({
                      title: t.eliminarTitulo,
                      message: t.eliminarPregunta(vista.nombre),
                      danger: true,
                    }).then((ok) =>
                      ok
                        ? m.eliminar.mutateAsync(vista.id).then(() => hecho(t.eliminada(vista.nombre)), fallo)
                        : undefined,
                    )
                  }
                >
                  {t.eliminar}
                </Menu.Item>
              </Menu.Sub.Dropdown>
            </Menu.Sub>
          ))}
      </Menu.Dropdown>
    </Menu>
  );
}
