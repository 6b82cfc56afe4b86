import { Center, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { AREAS } from '../areas/index.ts';
import { isOrg, useConfig } from '../core/config/config.ts';
import { messages } from '../core/messages.ts';
import { usePermisos } from '../core/permisos/usePermiso.ts';
import { Logo } from '../layout/Logo.tsx';

/** Every area's home panels, in their order, each a lazy chunk loaded only for those who may see it. */
const PANELS = AREAS.flatMap((area) => area.home ?? [])
  .sort((a, b) => a.position - b.position)
  .map((panel, index) => ({
    ...panel,
    key: index,
    Component: lazy(() => panel.lazy().then((m) => ({ default: m.Component }))),
  }));

/**
 * The home screen with logo and slogan, as specified; the ORG variant starts at the client parameters. Below them,
 * what needs attention: the panels the user may see, each its own request, all at once.
 */
export function HomePage() {
  const org = isOrg(useConfig());
  const granted = usePermisos().data;
  if (org) return <Navigate to="/clientes/parametros" replace />;
  const panels = PANELS.filter((panel) => granted?.has(panel.accion));
  return (
    <Stack gap="xl" data-testid="page-home">
      <Center mih={panels.length ? undefined : 'calc(100vh - 155px)'} pt={panels.length ? 'md' : 0}>
        <Stack align="center" gap="sm">
          <Logo org={false} size={panels.length ? 72 : 120} />
          <Title order={1} ta="center">
            {messages.app.eslogan}
          </Title>
          <Text size="lg" c="dimmed" ta="center">
            {messages.app.lema}
          </Text>
        </Stack>
      </Center>
      {panels.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" data-testid="paneles">
          {panels.map(({ Component, key }) => (
            <Suspense key={key} fallback={<Skeleton h={180} radius="md" />}>
              <Component />
            </Suspense>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
