import { Anchor, Group, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type ReactNode, useState } from 'react';
import { http } from '../../core/http/http.ts';
import { listMessages } from '../messages.ts';
import { saveFile } from './saveFile.ts';

interface DownloadLinkProps {
  /** An API address guarded by the session: a plain link would go without its Bearer token and save the 401. */
  url: string;
  /** The name the file is saved under. */
  filename: string;
  children: ReactNode;
  'aria-label'?: string;
  title?: string;
}

/**
 * A link that saves a file the session may read: fetched through core/http (the session's token goes with it), then
 * saved under `filename`; a failure is told in a red notification, never saved as the file.
 */
export function DownloadLink({ url, filename, children, title, 'aria-label': ariaLabel }: DownloadLinkProps) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      saveFile(await http.blob(url), filename);
    } catch (error) {
      notifications.show({
        color: 'red',
        title: listMessages.errorDescargar,
        message: error instanceof Error ? error.message : listMessages.errorDescargar,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      title={title}
      aria-label={ariaLabel}
      aria-busy={busy}
      onClick={() => void download()}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {busy && <Loader size={12} />}
        {children}
      </Group>
    </Anchor>
  );
}
