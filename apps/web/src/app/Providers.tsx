import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { cssVariablesResolver, theme } from './theme.ts';

/**
 * The providers every screen needs, /login included; the signed-in area adds its own in the shell's chunk. The
 * colours follow the system's light or dark setting until the user picks one in their menu (kept in this browser).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      {children}
    </MantineProvider>
  );
}
