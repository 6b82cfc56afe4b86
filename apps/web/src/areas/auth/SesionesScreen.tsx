import { Paper } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { SesionesActivas } from '../../components/SesionesActivas.tsx';
import { authMessages } from './messages.ts';

/** The signed-in person's sessions: each browser where they signed in, to close the ones they don't use. */
export function SesionesScreen() {
  return (
    <>
      <PageHeader title={authMessages.sesiones.titulo} />
      <Paper withBorder p="lg" radius="md">
        <SesionesActivas />
      </Paper>
    </>
  );
}
