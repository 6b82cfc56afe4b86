import { Center, Loader } from '@mantine/core';
import { messages } from '../core/messages.ts';

/** Shown while a route's chunk loads for the first time. */
export function PageLoader() {
  return (
    <Center mih="60vh">
      <Loader aria-label={messages.paginas.cargando} />
    </Center>
  );
}
