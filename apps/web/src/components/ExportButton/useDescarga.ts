import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { http } from '../../core/http/http.ts';
import { saveFile } from './saveFile.ts';

/**
 * Saves a file the session may read: fetched through core/http (the session's Bearer token goes with it; a plain link
 * would go without and save the 401's answer), then saved under its name. A failure is told in a red notification
 * titled `errorTitulo`, and nothing is saved. `busy` while it is being fetched.
 */
export function useDescarga(errorTitulo: string): { busy: boolean; descargar: (url: string, nombre: string) => void } {
  const [busy, setBusy] = useState(false);
  const descargar = async (url: string, nombre: string) => {
    setBusy(true);
    try {
      saveFile(await http.blob(url), nombre);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: errorTitulo,
        message: error instanceof Error ? error.message : errorTitulo,
      });
    } finally {
      setBusy(false);
    }
  };
  return { busy, descargar: (url, nombre) => void descargar(url, nombre) };
}
