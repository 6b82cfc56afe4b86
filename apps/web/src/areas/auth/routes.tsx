import { AreaRoutes } from '../../components/AreaRoutes.tsx';
import { TokensScreen } from './TokensScreen.tsx';

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
