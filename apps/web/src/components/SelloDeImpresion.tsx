import { Box, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { formatFechaHora } from '../core/format.ts';
import { imprimirMessages as t } from './messages.ts';

// Apart from Imprimir.tsx: the shell prints this on every page, the lists' print button (and its list state) is
// the areas' alone, so it stays out of the first screen.

/** The portal's name and the moment of printing, on paper only (global.css hides it on screen). */
export function SelloDeImpresion({ nombre }: { nombre: string }) {
  const [ahora, setAhora] = useState(() => new Date());
  useEffect(() => {
    const marcar = () => setAhora(new Date());
    window.addEventListener('beforeprint', marcar);
    return () => window.removeEventListener('beforeprint', marcar);
  }, []);
  return (
    <Box className="solo-impresion" data-testid="sello-impresion">
      <Text size="sm" fw={700}>
        {nombre}
      </Text>
      <Text size="xs">{t.impreso(formatFechaHora(ahora.toISOString()))}</Text>
    </Box>
  );
}
