// The shell's Mantine styles: /login loaded only its own (loginStyles.ts), the areas bring the rest (areaStyles.ts).
import './shellStyles.ts';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './Providers.tsx';
import { createRouter } from './router.tsx';

export { createRouter };
export type AppRouter = ReturnType<typeof createRouter>;

/** The routed app; its chunk (react-router and the route tree) is loaded by boot.tsx. */
export function App({ router }: { router: AppRouter }) {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
