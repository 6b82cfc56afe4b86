import { ActionIcon, Button } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { useTelefono } from './useTelefono.ts';

type BotonBarraProps = {
  icono: ReactNode;
  /** Its name: the button's text, and on a phone the icon's accessible name and tooltip. */
  texto: string;
  loading?: boolean;
} & Omit<ComponentPropsWithoutRef<'button'>, 'children'>;

/**
 * A list's tool ('Imprimir', 'Vistas', 'Columnas'): a button with its icon and text, or on a phone the icon
 * alone, so the three share one line above the rows. It takes a menu's ref and props as a Mantine button does.
 */
export const BotonBarra = forwardRef<HTMLButtonElement, BotonBarraProps>(function BotonBarra(
  { icono, texto, loading, ...rest },
  ref,
) {
  const telefono = useTelefono();
  if (telefono) {
    return (
      <ActionIcon
        ref={ref}
        variant="default"
        size="input-sm"
        aria-label={texto}
        title={texto}
        loading={loading}
        {...rest}
      >
        {icono}
      </ActionIcon>
    );
  }
  return (
    <Button ref={ref} variant="default" leftSection={icono} loading={loading} {...rest}>
      {texto}
    </Button>
  );
});
