import { useHotkeys } from '@mantine/hooks';
import { spotlight } from '@mantine/spotlight';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

const Palette = lazy(() => import('./Palette.tsx').then((m) => ({ default: m.Palette })));

/** Set while a shell is mounted: opens its palette, loading it first. */
let pedirPaleta: (() => void) | null = null;

/** Opens the command palette (the top bar's search), loading its chunk the first time. */
export function abrirPaleta(): void {
  pedirPaleta?.();
}

/**
 * The command palette (Palette.tsx) mounts on the first Ctrl-K or click on the search, not with the shell: its
 * chunk (Mantine Spotlight, the search call, their styles) is not part of the first screen. This component holds
 * Ctrl-K for good: in a field too (the list's search has the focus half the day), and it opens rather than toggles,
 * so a Ctrl-K right after Esc, while the palette is still fading out, opens it again.
 */
export function PaletteLoader({ granted }: { granted: ReadonlySet<string> }) {
  const [pedida, setPedida] = useState(false);
  const montada = useRef(false);
  useEffect(() => {
    pedirPaleta = () => (montada.current ? spotlight.open() : setPedida(true));
    return () => {
      pedirPaleta = null;
    };
  }, []);
  const alMontar = useCallback(() => {
    montada.current = true;
    spotlight.open();
  }, []);
  useHotkeys([['mod+K', () => (montada.current ? spotlight.open() : setPedida(true))]], []);
  if (!pedida) return null;
  return (
    <Suspense fallback={null}>
      <Palette granted={granted} onMontada={alMontar} />
    </Suspense>
  );
}
