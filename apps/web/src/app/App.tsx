import { MantineProvider } from '@mantine/core';
import { RouterProvider } from 'react-router/dom';
import type { createRouter } from './router.tsx';
import { theme } from './theme.ts';

export function App({ router }: { router: ReturnType<typeof createRouter> }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <RouterProvider router={router} />
    </MantineProvider>
  );
}
