import { useMediaQuery } from '@mantine/hooks';

/**
 * The screen is a phone's (under 48 em, Mantine's `sm`): lists show cards instead of columns, and their filters
 * fold behind one button. The shell's drawer menu opens at the same width.
 */
export function useTelefono(): boolean {
  return useMediaQuery('(max-width: 47.99em)');
}
