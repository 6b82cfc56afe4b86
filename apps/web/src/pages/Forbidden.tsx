import { messages } from '../core/messages.ts';
import { StatusPage } from './StatusPage.tsx';

const t = messages.paginas;

/** /forbidden: no permission. 'Cambiar de cuenta' goes to /login, which signs out. */
export function ForbiddenPage() {
  return (
    <StatusPage
      testId="page-forbidden"
      title={t.prohibidoTitulo}
      lines={[t.prohibidoTexto]}
      links={[
        { to: '/', label: t.irAlInicio },
        { to: '/login', label: t.iniciarSesion },
        { to: '/login', label: t.cambiarDeCuenta },
      ]}
    />
  );
}
