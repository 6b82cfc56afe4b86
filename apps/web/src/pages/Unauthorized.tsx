import { useEffect } from 'react';
import { messages } from '../core/messages.ts';
import { clearSesion } from '../core/session/session.ts';
import { StatusPage } from './StatusPage.tsx';

const t = messages.paginas;

/** /unauthorized: not authenticated. There is no signup screen: 'Registrarse' explains how accounts are made. */
export function UnauthorizedPage() {
  // The server refused the token (401): the session ends here, once the protected area is gone.
  useEffect(clearSesion, []);
  return (
    <StatusPage
      testId="page-unauthorized"
      title={t.noAutorizadoTitulo}
      lines={[t.noAutorizadoTexto]}
      links={[
        { to: '/', label: t.irAlInicio },
        { to: '/login', label: t.iniciarSesion },
        { to: '/login?registro=1', label: t.registrarse },
      ]}
    />
  );
}
