import { Alert, Loader } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { listMessages } from './messages.ts';
import { PageHeader } from './PageHeader.tsx';

interface RecordScreenProps<T, E extends Error> {
  /** The query of the one record the screen shows (`useServidor(id)`...). */
  query: UseQueryResult<T, E>;
  /** Title and way back shown while the record cannot be shown. */
  title: string;
  back: { to: string; label: string };
  /** The alert's heading when the record could not be read ('No se encontró el servidor.'). */
  notFound?: string;
  children: (record: T) => ReactNode;
}

/**
 * A detail or edit screen of one record: a loader, then the screen, or the reason it cannot be shown with a way back.
 */
export function RecordScreen<T, E extends Error>({ query, title, back, notFound, children }: RecordScreenProps<T, E>) {
  if (query.isPending) return <Loader aria-label={listMessages.cargando} />;
  if (query.isError) {
    return (
      <>
        <PageHeader title={title} back={back} />
        <Alert color="red" role="alert" title={notFound}>
          {query.error.message}
        </Alert>
      </>
    );
  }
  return <>{children(query.data)}</>;
}
