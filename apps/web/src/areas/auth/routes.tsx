import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { DirectorioScreen } from './DirectorioScreen.tsx';
import { SegundoFactorCuentas } from './SegundoFactorCuentas.tsx';
import { SegundoFactorScreen } from './SegundoFactorScreen.tsx';
import { SesionesScreen } from './SesionesScreen.tsx';
import { TokensScreen } from './TokensScreen.tsx';

/** /segundo-factor: the signed-in person's second factor, and (USUARIOS#ADMIN) every account's. */
export function SegundoFactorRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <SegundoFactorScreen /> },
        { path: 'cuentas', element: <SegundoFactorCuentas /> },
      ]}
    />
  );
}

/** /tokens: the signed-in person's API tokens, and (USUARIOS#ADMIN) everyone's. */
export function AuthRoutes() {
  return (
    <AreaRoutes
      routes={[
        { path: '', element: <TokensScreen todos={false} /> },
        { path: 'todos', element: <TokensScreen todos /> },
      ]}
    />
  );
}

/** /directorio (USUARIOS#ADMIN): the company's directory and the roles its groups give. */
export function DirectorioRoutes() {
  return <AreaRoutes routes={[{ path: '', element: <DirectorioScreen /> }]} />;
}

/** /sesiones: the signed-in person's active sessions (each browser signed in), to close any of them. */
export function SesionesRoutes() {
  return <AreaRoutes routes={[{ path: '', element: <SesionesScreen /> }]} />;
}
