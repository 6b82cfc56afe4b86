import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';
import { isReloadingForNewBuild } from '../core/reload.ts';
import { confirmAction } from './confirmAction.tsx';
import { formMessages } from './messages.ts';

/**
 * Warns before leaving a form with unsaved changes: a dialog for moves inside the portal, the browser's own
 * prompt for a reload or a closed tab. Call `allowLeave()` right before navigating away after a save.
 */
export function useDirtyGuard(dirty: boolean) {
  const leaving = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;

  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
    [],
  );
  const blocker = useBlocker(shouldBlock);
  const blockerNow = useRef(blocker);
  blockerNow.current = blocker;

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmAction({
      title: formMessages.cambiosSinGuardarTitulo,
      message: formMessages.cambiosSinGuardarTexto,
      confirmLabel: formMessages.salirSinGuardar,
      cancelLabel: formMessages.seguirEditando,
      danger: true,
    }).then((leave) => (leave ? blockerNow.current.proceed?.() : blockerNow.current.reset?.()));
  }, [blocker.state]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      // A reload onto a new build keeps the form's draft: no prompt.
      if (leaving.current || isReloadingForNewBuild()) return;
      event.preventDefault();
      // Older browsers need returnValue set to show their prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    allowLeave: useCallback(() => {
      leaving.current = true;
    }, []),
  };
}
