import { useLocalStorage } from '@mantine/hooks';
import type { VisibilityState } from '@tanstack/react-table';

/**
 * Which columns a table shows, remembered per table in this browser. It is a display preference, not
 * session data (the specification forbids storing the session itself).
 */
export function useColumnVisibility(tableId: string, initial: VisibilityState = {}) {
  return useLocalStorage<VisibilityState>({
    key: `intranet.columnas.${tableId}`,
    defaultValue: initial,
    getInitialValueInEffect: false,
  });
}
