import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Burger,
  Group,
  Kbd,
  Menu,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconApi,
  IconBell,
  IconBellCog,
  IconClockPlay,
  IconDeviceDesktop,
  IconDevices,
  IconKey,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMoon,
  IconPackage,
  IconSearch,
  IconShieldLock,
  IconSitemap,
  IconSun,
  IconUsersGroup,
  IconWebhook,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatFecha } from '../core/format.ts';
import { messages } from '../core/messages.ts';
import { useSesion } from '../core/session/session.ts';
import { Campana } from './Campana.tsx';
import { Logo } from './Logo.tsx';
import { abrirPaleta } from './palette/PaletteLoader.tsx';
import { paqueteNombreCorto } from './paquete.ts';
import { TopMenu } from './TopMenu.tsx';
import { usePaqueteLast } from './usePaqueteLast.ts';
import type { useMenu } from './useMenu.ts';

const t = messages.shell;

interface TopBarProps {
  org: boolean;
  menu: ReturnType<typeof useMenu>;
  collapsed: boolean;
  onToggle: () => void;
  /** On a phone: whether the menu's drawer is open. */
  drawer: boolean;
  onToggleDrawer: () => void;
}

/** The password dialog's form (react-hook-form and the form fields) loads when it is opened, not with every screen. */
const abrirCambiarPassword = () => void import('./CambiarPassword.tsx').then((m) => m.abrirCambiarPassword());

/**
 * The top bar the specification describes: latest package, the user's name and roles, 'Cerrar sesion'; ORG carries
 * the menu.
 */
export function TopBar({ org, menu, collapsed, onToggle, drawer, onToggleDrawer }: TopBarProps) {
  const usuario = useSesion()?.usuario;
  const paquete = usePaqueteLast(menu.granted.has('PACKS#VER'));
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');

  return (
    <Stack h="100%" gap={0}>
      <Group h={TOPBAR_FILA} px="sm" justify="space-between" wrap="nowrap" gap="sm" style={{ flexShrink: 0 }}>
        <Group gap="xs" wrap="nowrap">
          {!org && (
            <Tooltip label={collapsed ? t.expandirMenu : t.contraerMenu}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={onToggle}
                aria-label={collapsed ? t.expandirMenu : t.contraerMenu}
                aria-expanded={!collapsed}
                visibleFrom="sm"
              >
                {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
              </ActionIcon>
            </Tooltip>
          )}
          {!org && (
            <Burger
              opened={drawer}
              onClick={onToggleDrawer}
              size="sm"
              hiddenFrom="sm"
              aria-label={drawer ? t.cerrarMenu : t.abrirMenu}
            />
          )}
          <UnstyledButton component={Link} to="/" aria-label={messages.app.nombre}>
            <Group gap={8} wrap="nowrap">
              <Logo org={org} size={28} />
              <Text fw={700} size="lg" visibleFrom="xs">
                {messages.app.nombre}
              </Text>
            </Group>
          </UnstyledButton>
          {org && (
            <Box component="nav" aria-label={t.menuPrincipal} ml="md">
              <TopMenu menu={menu} />
            </Box>
          )}
        </Group>

        <Group gap="lg" wrap="nowrap" miw={0}>
          {/* Named by what it shows ("Buscar…"), so that what is read is what is seen; the shortcut is announced apart. */}
          <UnstyledButton
            onClick={() => abrirPaleta()}
            title={t.buscarAyuda}
            aria-keyshortcuts="Control+K"
            data-testid="buscar"
            visibleFrom="md"
          >
            <Group
              gap={8}
              wrap="nowrap"
              px={10}
              py={4}
              style={{
                border: '1px solid var(--mantine-color-default-border)',
                borderRadius: 'var(--mantine-radius-sm)',
              }}
            >
              <IconSearch size={15} stroke={1.6} aria-hidden />
              <Text size="sm" c="dimmed" w={120}>
                {t.buscar}
              </Text>
              <Kbd size="xs" aria-hidden>
                Ctrl K
              </Kbd>
            </Group>
          </UnstyledButton>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => abrirPaleta()}
            aria-label={t.buscarAyuda}
            hiddenFrom="md"
          >
            <IconSearch size={20} stroke={1.6} />
          </ActionIcon>
          {paquete.data && (
            <Group gap={6} wrap="nowrap" visibleFrom="md" data-testid="ultimo-paquete" title={t.ultimoPaquete}>
              <IconPackage size={16} stroke={1.6} aria-hidden />
              <Text size="sm" fw={500} data-testid="ultimo-paquete-nombre">
                {paqueteNombreCorto(paquete.data.nombre)}
              </Text>
              <Badge variant="light" color="gray" size="sm" data-testid="ultimo-paquete-fecha">
                {formatFecha(paquete.data.fecha)}
              </Badge>
            </Group>
          )}
          {usuario && <Campana />}
          {usuario && (
            // The user's name opens their account menu (own password change).
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <UnstyledButton ta="right" data-testid="usuario">
                  <Text size="sm" fw={600} lh={1.2} data-testid="usuario-nombre">
                    {usuario.nombre}
                  </Text>
                  <Text size="xs" c="dimmed" lh={1.2} data-testid="usuario-roles">
                    {usuario.roles.join(', ')}
                  </Text>
                </UnstyledButton>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item leftSection={<IconBell size={16} />} component={Link} to="/alertas/notificaciones">
                  {t.notificaciones}
                </Menu.Item>
                <Menu.Item leftSection={<IconBellCog size={16} />} component={Link} to="/alertas/mis-alertas">
                  {t.misAlertas}
                </Menu.Item>
                {menu.granted.has('ALERTAS#ADMIN') && (
                  <>
                    <Menu.Item leftSection={<IconClockPlay size={16} />} component={Link} to="/alertas/tareas">
                      {t.tareas}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconWebhook size={16} />} component={Link} to="/alertas/webhooks">
                      {t.webhooks}
                    </Menu.Item>
                    <Menu.Item leftSection={<IconUsersGroup size={16} />} component={Link} to="/alertas/roles">
                      {t.alertasPorRol}
                    </Menu.Item>
                  </>
                )}
                <Menu.Item leftSection={<IconShieldLock size={16} />} component={Link} to="/segundo-factor">
                  {t.segundoFactor}
                </Menu.Item>
                <Menu.Item leftSection={<IconApi size={16} />} component={Link} to="/tokens">
                  {t.tokens}
                </Menu.Item>
                <Menu.Item leftSection={<IconDevices size={16} />} component={Link} to="/sesiones">
                  {t.sesionesActivas}
                </Menu.Item>
                {menu.granted.has('USUARIOS#ADMIN') && (
                  <Menu.Item leftSection={<IconSitemap size={16} />} component={Link} to="/directorio">
                    {t.directorio}
                  </Menu.Item>
                )}
                <Menu.Item leftSection={<IconKey size={16} />} onClick={abrirCambiarPassword}>
                  {messages.cuenta.cambiar}
                </Menu.Item>
                <Menu.Divider />
                <Menu.Item
                  leftSection={computed === 'dark' ? <IconSun size={16} /> : <IconMoon size={16} />}
                  onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
                  data-testid="cambiar-tema"
                >
                  {computed === 'dark' ? t.temaClaro : t.temaOscuro}
                </Menu.Item>
                {colorScheme !== 'auto' && (
                  <Menu.Item leftSection={<IconDeviceDesktop size={16} />} onClick={() => setColorScheme('auto')}>
                    {t.temaSistema}
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
          <Anchor component={Link} to="/login" size="sm" data-testid="cerrar-sesion">
            <Group gap={4} wrap="nowrap">
              <IconLogout size={16} aria-hidden />
              {t.cerrarSesion}
            </Group>
          </Anchor>
        </Group>
      </Group>
      {paquete.data && (
        // Below md the row above has no room left: the latest package gets a row of its own, its name cut to fit.
        <Group
          gap={6}
          wrap="nowrap"
          px="sm"
          h={TOPBAR_FILA_PAQUETE}
          miw={0}
          hiddenFrom="md"
          data-testid="ultimo-paquete-movil"
          title={`${t.ultimoPaquete}: ${paquete.data.nombre}`}
        >
          <IconPackage size={14} stroke={1.6} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="xs" fw={500} truncate="end" miw={0}>
            {paqueteNombreCorto(paquete.data.nombre)}
          </Text>
          <Badge variant="light" color="gray" size="xs" style={{ flexShrink: 0 }}>
            {formatFecha(paquete.data.fecha)}
          </Badge>
        </Group>
      )}
    </Stack>
  );
}

/** The top bar's row, and the latest package's own row below md (the shell's header holds both). */
export const TOPBAR_FILA = 56;
export const TOPBAR_FILA_PAQUETE = 26;
