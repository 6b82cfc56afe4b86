import { Button } from '@mantine/core';
import { useRouteError } from 'react-router';
import { messages } from '../core/messages.ts';
import { StatusPage } from './StatusPage.tsx';

/** Last resort for a render or chunk-loading failure: say so in Spanish and offer a reload. */
export function RouteError() {
  console.error(useRouteError());
  return (
    <StatusPage testId="page-error" title={messages.paginas.errorInesperadoTitulo} lines={[messages.paginas.errorInesperadoTexto]}>
      <Button mt="sm" onClick={() => window.location.reload()}>
        {messages.paginas.recargar}
      </Button>
    </StatusPage>
  );
}
