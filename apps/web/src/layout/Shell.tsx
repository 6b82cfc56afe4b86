import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import 'dayjs/locale/es';
import { AppShell, Box, Progress, Text } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useDisclosure } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { isOrg, useConfig } from '../core/config/config.ts';
import { HttpError } from '../core/http/HttpError.ts';
import { messages } from '../core/messages.ts';
import { SelloDeImpresion } from '../components/SelloDeImpresion.tsx';
import { PaletteLoader } from './palette/PaletteLoader.tsx';
import { Shortcuts } from './shortcuts/Shortcuts.tsx';
import { Sidebar } from './Sidebar.tsx';
import { TOPBAR_FILA, TOPBAR_FILA_PAQUETE, TopBar } from './TopBar.tsx';
import { useMenu } from './useMenu.ts';
import { useTelefono } from '../components/useTelefono.ts';

dayjs.locale('es');

/** Client errors (4xx) are answers, not glitches: never retried. */
const retry = (failures: number, error: Error) =>
  !(error instanceof HttpError && error.status >= 400 && error.status < 500) && failures < 2;
/** A busy server says when to try again (503 with Retry-After); otherwise 1 s, then 2 s. */
const retryDelay = (failures: number, error: Error) =>
  error instanceof HttpError && error.retryAfter !== null
    ? error.retryAfter * 1000
    : Math.min(1000 * 2 ** failures, 30_000);

/**
 * The protected area's frame, as specified: top bar, collapsible sidebar, content, footer. Its providers live
 * here, in the shell's lazy chunk, so the /login bundle stays small; one query cache per signed-in visit.
 */
export function Shell() {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry, retryDelay, refetchOnWindowFocus: false } } }),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 1 }}>
        <ModalsProvider labels={{ confirm: 'Confirmar', cancel: 'Cancelar' }}>
          <Notifications position="top-right" />
          <ShellLayout />
        </ModalsProvider>
      </DatesProvider>
    </QueryClientProvider>
  );
}

const NAVBAR = { expanded: 236, collapsed: 60 };

function ShellLayout() {
  const org = isOrg(useConfig());
  const menu = useMenu();
  const [collapsed, { toggle }] = useDisclosure(false);
  // On a phone the menu is a drawer over the content, closed again once the user picks a screen.
  const [drawer, { toggle: toggleDrawer, close: closeDrawer }] = useDisclosure(false);
  const { pathname } = useLocation();
  // Pathname is the trigger, not a value read: every navigation closes the drawer.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the reason is above
  useEffect(closeDrawer, [pathname, closeDrawer]);
  // Closed, the drawer is out of sight, out of the keyboard's way and out of the screen reader's.
  const phone = useTelefono();
  const loading = useNavigation().state === 'loading';

  return (
    <AppShell
      header={{
        height: menu.granted.has('PACKS#VER')
          ? { base: TOPBAR_FILA + TOPBAR_FILA_PAQUETE, md: TOPBAR_FILA }
          : TOPBAR_FILA,
      }}
      navbar={
        org
          ? undefined
          : { width: collapsed ? NAVBAR.collapsed : NAVBAR.expanded, breakpoint: 'sm', collapsed: { mobile: !drawer } }
      }
      padding="md"
    >
      <AppShell.Header>
        {loading && (
          <Progress value={100} animated size={2} radius={0} pos="absolute" top={0} left={0} right={0} aria-hidden />
        )}
        <TopBar
          org={org}
          menu={menu}
          collapsed={collapsed}
          onToggle={toggle}
          drawer={drawer}
          onToggleDrawer={toggleDrawer}
        />
      </AppShell.Header>
      {!org && (
        <AppShell.Navbar
          aria-label={messages.shell.menuPrincipal}
          data-collapsed={collapsed}
          style={phone && !drawer ? { visibility: 'hidden' } : undefined}
        >
          <Sidebar menu={menu} collapsed={collapsed && !drawer} />
        </AppShell.Navbar>
      )}
      <PaletteLoader granted={menu.granted} />
      <Shortcuts granted={menu.granted} />
      <AppShell.Main>
        {/* The content area is at least the window height minus 155 px: the specification fixes this height. */}
        <Box mih="calc(100vh - 155px)" data-testid="contenido">
          <SelloDeImpresion nombre={`${messages.app.nombre} · ${messages.app.eslogan}`} />
          <Outlet />
        </Box>
        {/* In the flow, after the content: a fixed footer would sit over a long page's rows as it scrolls. */}
        <Box component="footer" mt="md" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
          <Text size="xs" c="dimmed" data-testid="pie">
            © {new Date().getFullYear()} {messages.app.nombre} · {messages.shell.derechos}
          </Text>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
