import { Button, Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { messages } from '../core/messages.ts';
import { reportCaughtError } from '../core/monitor/monitor.ts';
import { keepDraftsOnClose } from '../core/drafts.ts';
import { isChunkLoadError, isReloadingForNewBuild, reloadForNewBuild } from '../core/reload.ts';
import { StatusPage } from './StatusPage.tsx';

/** Last resort for a render or chunk-loading failure: say so in Spanish and offer a reload. */
export function RouteError() {
  const error = useRouteError();
  // A chunk of a build deployed since the page opened: reload onto the new one, once (session and drafts come back).
  const [reloading] = useState(() => {
    // This page replaces the whole screen, forms included: their drafts stay for the reload it leads to.
    keepDraftsOnClose();
    return isChunkLoadError(error) && (isReloadingForNewBuild() || reloadForNewBuild());
  });
  useEffect(() => {
    if (reloading) return;
    console.error(error);
    reportCaughtError(error);
  }, [error, reloading]);
  if (reloading) {
    return (
      <Center mih="50vh">
        <Loader aria-label={messages.sesion.recargando} />
      </Center>
    );
  }
  return (
    <StatusPage
      testId="page-error"
      title={messages.paginas.errorInesperadoTitulo}
      lines={[messages.paginas.errorInesperadoTexto]}
    >
      <Button mt="sm" onClick={() => window.location.reload()}>
        {messages.paginas.recargar}
      </Button>
    </StatusPage>
  );
}
