import { Alert, Button, Group, Stack, Stepper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Codificacion,
  ImportacionConteo,
  ImportacionMapeo,
  ImportacionModo,
  ImportacionResultado,
  ImportacionSubida,
} from '@intranet/contract/shared/importacion';
import { useMemo, useState } from 'react';
import { HttpError } from '../../core/http/HttpError.ts';
import { importacionApi, useEnsayo, useSubir } from './api.ts';
import { CodificacionDelArchivo } from './Codificacion.tsx';
import { Conteos } from './Conteos.tsx';
import { importarMessages as t } from './messages.ts';
import { PasoArchivo } from './PasoArchivo.tsx';
import { PasoColumnas } from './PasoColumnas.tsx';
import { PasoModo } from './PasoModo.tsx';
import { PasoResultado } from './PasoResultado.tsx';
import { PasoVistaPrevia } from './PasoVistaPrevia.tsx';

export interface ImportarWizardProps {
  /** The list's API path: its import lives under `${url}/importaciones`. */
  url: string;
  /** The files' name ('maquinas' → maquinas-plantilla-2026-11-27.csv). */
  nombre: string;
  /** The query keys the list and its screens read, refreshed after an import or its undo. */
  invalidar: readonly (readonly unknown[])[];
  /** AFIP certificates: a zip or several .crt/.pem files, sent as one PEM bundle. */
  certificados?: boolean;
  onCerrar: () => void;
}

/**
 * Several certificate files as one PEM bundle, what the server reads as many: PEM files as they are, a DER
 * file (binary) wrapped as PEM.
 */
async function unirCertificados(archivos: File[]): Promise<File> {
  const partes = await Promise.all(
    archivos.map(async (a) => {
      const bytes = new Uint8Array(await a.arrayBuffer());
      // One character per byte (btoa's input), in slices that fit fromCharCode's arguments.
      let binario = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binario += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      if (binario.includes('-----BEGIN CERTIFICATE-----')) return binario;
      const base64 = btoa(binario).replace(/.{64}/g, '$&\n');
      return `-----BEGIN CERTIFICATE-----\n${base64}\n-----END CERTIFICATE-----\n`;
    }),
  );
  return new File([partes.join('\n')], 'certificados.pem', { type: 'application/x-pem-file' });
}

const mensajeDe = (error: unknown) => (error instanceof Error ? error.message : t.error);

/** The refused rows of a 400 answer: its `fila N` field errors. */
function rechazosDe(error: unknown): ImportacionConteo['rechazos'] {
  if (!(error instanceof HttpError)) return [];
  return Object.entries(error.campos).flatMap(([k, errores]) => {
    const fila = /^fila (\d+)$/.exec(k);
    return fila ? [{ fila: Number(fila[1]), errores }] : [];
  });
}

/**
 * The import of a list, in six steps: upload, map the columns, preview with each row's errors,
 * choose the mode, dry run, import (then undo). The server does the reading and checking; this only walks
 * the user through it.
 */
export function ImportarWizard({ url, nombre, invalidar, certificados = false, onCerrar }: ImportarWizardProps) {
  const api = useMemo(() => importacionApi(url), [url]);
  const client = useQueryClient();
  const [paso, setPaso] = useState(0);
  const [subida, setSubida] = useState<ImportacionSubida | null>(null);
  const [mapeo, setMapeo] = useState<ImportacionMapeo>({});
  const [modo, setModo] = useState<ImportacionModo>('crear');
  const [conteo, setConteo] = useState<ImportacionConteo | null>(null);
  const [resultado, setResultado] = useState<ImportacionResultado | null>(null);
  const [error, setError] = useState<string | null>(null);
  const subir = useSubir(api);
  const ensayo = useEnsayo(api);
  const refrescar = () =>
    Promise.all(invalidar.map((queryKey) => client.invalidateQueries({ queryKey: [...queryKey] })));
  const importar = useMutation({
    mutationFn: (soloValidas: boolean) => api.importar(subida!.id, mapeo, modo, soloValidas),
    onSuccess: async (r) => {
      setResultado(r);
      setPaso(5);
      await refrescar();
    },
    onError: (e) => {
      const rechazos = rechazosDe(e);
      if (rechazos.length > 0 && conteo) setConteo({ ...conteo, rechazadas: rechazos.length, rechazos });
      setError(mensajeDe(e));
    },
  });
  const recodificar = useMutation({
    mutationFn: (codificacion: Codificacion) => api.codificacion(subida!.id, codificacion),
    onSuccess: async (s) => {
      // The same import read anew: its columns, its rows and so its preview change.
      await client.resetQueries({ queryKey: ['importacion', s.id] });
      setSubida(s);
      setMapeo(s.mapeo);
      setConteo(null);
      setError(null);
    },
    onError: (e) => setError(mensajeDe(e)),
  });
  const deshacer = useMutation({
    mutationFn: () => api.deshacer(resultado!.id),
    onSuccess: async (r) => {
      setResultado(r);
      setError(null);
      await refrescar();
    },
    onError: (e) => setError(mensajeDe(e)),
  });

  const alArchivo = async (archivos: File[]) => {
    setError(null);
    try {
      const s = await subir.mutateAsync(archivos.length === 1 ? archivos[0]! : await unirCertificados(archivos));
      setSubida(s);
      setMapeo(s.mapeo);
      setConteo(null);
      setPaso(1);
    } catch (e) {
      setError(mensajeDe(e));
    }
  };
  const descargar = (accion: () => Promise<void>) => () =>
    void accion().catch((e: unknown) => notifications.show({ color: 'red', title: t.error, message: mensajeDe(e) }));
  const ensayar = async () => {
    setError(null);
    try {
      setConteo(await ensayo.mutateAsync({ id: subida!.id, mapeo, modo }));
      setPaso(4);
    } catch (e) {
      setError(mensajeDe(e));
    }
  };
  const cambiarMapeo = (m: ImportacionMapeo) => {
    setMapeo(m);
    setConteo(null);
  };
  const ir = (n: number) => {
    setError(null);
    setPaso(n);
  };
  const clave = subida?.clave_titulo ?? '';
  const aImportar = conteo ? conteo.crear + conteo.actualizar : 0;

  return (
    <Stack gap="md">
      <Stepper active={paso} size="xs" visibleFrom="md" allowNextStepsSelect={false}>
        {t.pasos.map((p) => (
          <Stepper.Step key={p} label={p} />
        ))}
      </Stepper>
      <Text fw={700} hiddenFrom="md">
        {t.paso(paso + 1, t.pasos.length, t.pasos[paso]!)}
      </Text>
      {subida && paso > 0 && paso < 5 && (
        <Group gap="md" wrap="wrap">
          <Text size="sm" c="dimmed">
            {t.archivoLeido(subida.archivo, subida.filas, subida.columnas.length)}
          </Text>
          {subida.codificacion && (
            <CodificacionDelArchivo
              codificacion={subida.codificacion}
              cambiando={recodificar.isPending}
              onCambiar={(c) => recodificar.mutate(c)}
            />
          )}
        </Group>
      )}

      {paso === 0 && (
        <PasoArchivo
          subiendo={subir.isPending}
          error={error}
          certificados={certificados}
          onArchivos={(a) => void alArchivo(a)}
          onRechazo={() => setError(certificados ? t.tipoInvalidoCertificados : t.tipoInvalido)}
          onPlantilla={descargar(() => api.plantilla(nombre))}
        />
      )}
      {paso === 1 && subida && (
        <PasoColumnas campos={subida.campos} columnas={subida.columnas} mapeo={mapeo} onMapeo={cambiarMapeo} />
      )}
      {paso === 2 && subida && (
        <PasoVistaPrevia api={api} id={subida.id} campos={subida.campos} mapeo={mapeo} filas={subida.filas} />
      )}
      {paso === 3 && subida && (
        <PasoModo
          modo={modo}
          clave={clave}
          onModo={(m) => {
            setModo(m);
            setConteo(null);
          }}
        />
      )}
      {paso === 4 && conteo && subida && (
        <Conteos conteo={conteo} onRechazadas={descargar(() => api.rechazadas(subida.id, nombre))} />
      )}
      {paso === 5 && resultado && subida && (
        <PasoResultado
          resultado={resultado}
          deshaciendo={deshacer.isPending}
          error={error}
          onDeshacer={() => deshacer.mutate()}
          onRechazadas={descargar(() => api.rechazadas(subida.id, nombre))}
        />
      )}
      {paso > 0 && paso < 5 && error && (
        <Alert color="red" title={paso === 4 ? t.noImportado : t.error}>
          {error}
        </Alert>
      )}

      <Group justify="space-between" gap="sm">
        <Group gap="sm">
          {paso > 0 && paso < 5 && (
            <Button variant="default" onClick={() => ir(paso - 1)}>
              {t.anterior}
            </Button>
          )}
          {paso > 0 && paso < 5 && (
            <Button variant="subtle" onClick={() => ir(0)}>
              {t.otroArchivo}
            </Button>
          )}
        </Group>
        <Group gap="sm">
          {(paso === 1 || paso === 2) && <Button onClick={() => ir(paso + 1)}>{t.siguiente}</Button>}
          {paso === 3 && (
            <Button loading={ensayo.isPending} onClick={() => void ensayar()}>
              {t.ensayar}
            </Button>
          )}
          {paso === 4 && conteo && (
            // With refused rows the valid ones can still go in, said so on the button; the refused ones stay in
            // their CSV.
            <Button
              color="teal"
              disabled={aImportar === 0}
              loading={importar.isPending}
              onClick={() => importar.mutate(conteo.rechazadas > 0)}
            >
              {conteo.rechazadas > 0 ? t.importarValidas(aImportar) : t.importarN(aImportar)}
            </Button>
          )}
          {paso === 5 && <Button onClick={onCerrar}>{t.cerrar}</Button>}
        </Group>
      </Group>
    </Stack>
  );
}
