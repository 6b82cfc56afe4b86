import { Anchor, Group, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { listMessages } from '../messages.ts';
import { useDescarga } from './useDescarga.ts';

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
  const { busy, descargar } = useDescarga(listMessages.errorDescargar);
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      title={title}
      aria-label={ariaLabel}
      aria-busy={busy}
      onClick={() => descargar(url, filename)}
    >
      <Group gap={4} wrap="nowrap" component="span">
        {busy && <Loader size={12} />}
        {children}
      </Group>
    </Anchor>
  );
}
