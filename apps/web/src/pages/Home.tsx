import { Center, Stack, Text, Title } from '@mantine/core';
import { Navigate } from 'react-router';
import { isOrg, useConfig } from '../core/config/config.ts';
import { messages } from '../core/messages.ts';
import { Logo } from '../layout/Logo.tsx';

/** Spec §2: the home screen with logo and slogan; the ORG variant starts at the client parameters. */
export function HomePage() {
  const org = isOrg(useConfig());
  if (org) return <Navigate to="/clientes/parametros" replace />;
  return (
    <Center mih="calc(100vh - 155px)" data-testid="page-home">
      <Stack align="center" gap="sm">
        <Logo org={false} size={120} />
        <Title order={1} ta="center">
          {messages.app.eslogan}
        </Title>
        <Text size="lg" c="dimmed" ta="center">
          {messages.app.lema}
        </Text>
      </Stack>
    </Center>
  );
}
