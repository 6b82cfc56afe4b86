import { Alert, Button, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isOrg, useConfigState } from '../core/config/config.ts';
import { messages } from '../core/messages.ts';
import { signOut } from '../core/session/signOut.ts';
import { Logo } from '../layout/Logo.tsx';
import { LoginForm } from './LoginForm.tsx';

const t = messages.login;

const loadConfig = () => import('../core/config/loadConfig.ts').then((m) => m.loadConfig(0));

/**
 * The sign-in screen, as specified. Opening it signs out any existing session. Free of the router: /login
 * opened directly renders it without one (app/boot.tsx); `registro` is the `?registro` of its URL.
 */
export function LoginPage({ registro }: { registro: boolean }) {
  const configState = useConfigState();

  useEffect(signOut, []);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="md" radius="md" p="xl" w={400} maw="100%" data-testid="page-login">
        <Stack gap="lg">
          <Stack gap={6} align="center">
            <Logo org={configState.status === 'ready' && isOrg(configState.config)} size={56} />
            <Title order={1} lts={2}>
              {t.titulo}
            </Title>
            <Text size="sm" c="dimmed" fw={500}>
              {t.subtitulo}
            </Text>
          </Stack>
          {registro && (
            <Alert role="note" variant="light" title={t.registroTitulo}>
              {t.registroTexto}
            </Alert>
          )}
          {configState.status === 'loading' && (
            <Stack align="center" gap="xs" py="lg">
              <Loader size="sm" />
              <Text size="sm" c="dimmed">
                {t.cargandoConfiguracion}
              </Text>
            </Stack>
          )}
          {configState.status === 'error' && (
            <Stack align="center" gap="sm" py="md">
              <Text size="sm">{t.errorConfiguracion}</Text>
              <Button variant="light" onClick={() => void loadConfig()}>
                {t.reintentar}
              </Button>
            </Stack>
          )}
          {configState.status === 'ready' && <LoginForm />}
        </Stack>
      </Paper>
    </Center>
  );
}
