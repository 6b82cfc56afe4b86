import { Button } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { messages } from '../core/messages.ts';
import { reportCaughtError } from '../core/monitor/monitor.ts';
import { StatusPage } from './StatusPage.tsx';

/** Last resort for a render or chunk-loading failure: say so in Spanish and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    reportCaughtError(error);
  }, [error]);
  return (
    <StatusPage testId="page-error" title={messages.paginas.errorInesperadoTitulo} lines={[messages.paginas.errorInesperadoTexto]}>
      <Button mt="sm" onClick={() => window.location.reload()}>
        {messages.paginas.recargar}
      </Button>
    </StatusPage>
  );
}
