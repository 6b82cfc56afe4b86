import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { listMessages } from '../messages.ts';
import { exportFilename } from './saveFile.ts';
import { useDescarga } from './useDescarga.ts';

interface ExportButtonProps {
  /** The list's `export.csv` URL with the current filters (`useListState().exportParams`). */
  url: string;
  /** The file's name before its date: 'servidores' → servidores-2026-11-21.csv. */
  name: string;
  label?: string;
}

/**
 * Downloads every row of the filtered list as CSV (the server streams it, no row cap) and saves it under a
 * dated name; a failure is told in a red notification. The file is fetched through core/http, so the
 * session's Bearer token goes with it: a list passes only its URL and name.
 */
export function ExportButton({ url, name, label = listMessages.exportarCsv }: ExportButtonProps) {
  const { busy, descargar } = useDescarga(listMessages.errorExportar);
  return (
    <Button
      variant="default"
      leftSection={<IconFileSpreadsheet size={16} />}
      loading={busy}
      onClick={() => descargar(url, exportFilename(name))}
    >
      {label}
    </Button>
  );
}
