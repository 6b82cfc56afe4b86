import {
  ActionIcon,
  Alert,
  Button,
  Divider,
  Menu,
  NavLink,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { messages } from '../core/messages.ts';
import { groupMenu } from './filterMenu.ts';
import { isActiveLink } from './isActive.ts';
import { isParent, type MenuLink, type MenuParent } from '../core/menu.ts';
import type { useMenu } from './useMenu.ts';

const ICON = 18;
/** Compact rows: the whole admin menu fits a laptop screen without scrolling. */
const ROW_PY = 4;

/** The sidebar menu: full width with labels, or collapsed to icons with floating submenus. */
export function Sidebar({ menu, collapsed }: { menu: ReturnType<typeof useMenu>; collapsed: boolean }) {
  const { pathname } = useLocation();

  if (menu.status === 'pending') {
    return (
      <Stack gap={8} p="sm">
        {Array.from({ length: 8 }, (_, index) => (
          // Eight identical placeholders, a fixed list that never reorders.
          // biome-ignore lint/suspicious/noArrayIndexKey: the reason is above
          <Skeleton key={index} h={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (menu.status === 'error') {
    return (
      <Stack p="sm">
        {!collapsed && (
          <Alert color="red" variant="light">
            {messages.shell.errorPermisos}
          </Alert>
        )}
        <Button size="xs" variant="light" onClick={menu.retry}>
          {messages.login.reintentar}
        </Button>
      </Stack>
    );
  }

  return (
    <ScrollArea type="auto" scrollbarSize={6}>
      <Stack gap={2} p={collapsed ? 6 : 'xs'} pb="md" align={collapsed ? 'center' : 'stretch'}>
        {groupMenu(menu.entries).map((group) => (
          <Stack key={group.heading ?? ''} gap={2} align={collapsed ? 'center' : 'stretch'} data-testid="menu-group">
            {group.heading &&
              (collapsed ? (
                <Divider my={6} w={32} aria-label={group.heading} />
              ) : (
                <Text component="h2" size="xs" fw={700} c="dimmed" lts={1} px="xs" pt={8} pb={2} m={0}>
                  {group.heading}
                </Text>
              ))}
            {group.items.map((item) => {
              if (isParent(item)) {
                return collapsed ? (
                  <FloatingSubmenu key={item.text} item={item} pathname={pathname} />
                ) : (
                  <ParentLink key={item.text} item={item} pathname={pathname} />
                );
              }
              return collapsed ? (
                <IconLink key={item.link} item={item} active={isActiveLink(pathname, item.link)} />
              ) : (
                <NavLink
                  key={item.link}
                  component={Link}
                  to={item.link}
                  py={ROW_PY}
                  label={item.text}
                  leftSection={<item.icon size={ICON} stroke={1.6} />}
                  active={isActiveLink(pathname, item.link)}
                  aria-current={isActiveLink(pathname, item.link) ? 'page' : undefined}
                />
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
}

function ParentLink({ item, pathname }: { item: MenuParent; pathname: string }) {
  const childActive = item.submenu.some((child) => isActiveLink(pathname, child.link));
  const [opened, setOpened] = useState(childActive);
  return (
    <NavLink
      component="button"
      type="button"
      py={ROW_PY}
      label={item.text}
      leftSection={<item.icon size={ICON} stroke={1.6} />}
      opened={opened}
      onChange={setOpened}
      aria-expanded={opened}
      childrenOffset={26}
    >
      {item.submenu.map((child) => (
        <NavLink
          key={child.link}
          component={Link}
          to={child.link}
          py={ROW_PY}
          label={child.text}
          active={isActiveLink(pathname, child.link)}
          aria-current={isActiveLink(pathname, child.link) ? 'page' : undefined}
        />
      ))}
    </NavLink>
  );
}

function IconLink({ item, active }: { item: MenuLink; active: boolean }) {
  return (
    <Tooltip label={item.text} position="right" withArrow openDelay={150}>
      <ActionIcon
        component={Link}
        to={item.link}
        aria-label={item.text}
        aria-current={active ? 'page' : undefined}
        variant={active ? 'light' : 'subtle'}
        color={active ? undefined : 'gray'}
        size={36}
      >
        <item.icon size={ICON + 2} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/**
 * A collapsed submenu floats beside its icon, at most 200 px high, 25 px clear of the bottom (sizes the
 * specification fixes).
 */
function FloatingSubmenu({ item, pathname }: { item: MenuParent; pathname: string }) {
  const active = item.submenu.some((child) => isActiveLink(pathname, child.link));
  return (
    <Menu
      position="right-start"
      offset={8}
      withArrow
      trigger="click-hover"
      middlewares={{ flip: true, shift: { padding: { top: 8, bottom: 25 } } }}
    >
      <Menu.Target>
        <ActionIcon
          aria-label={item.text}
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          size={36}
        >
          <item.icon size={ICON + 2} stroke={1.6} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown mah={200} mb={25} style={{ overflowY: 'auto' }} data-testid="submenu-flotante">
        <Menu.Label>{item.text}</Menu.Label>
        {item.submenu.map((child) => (
          <Menu.Item
            key={child.link}
            component={Link}
            to={child.link}
            leftSection={<child.icon size={16} stroke={1.6} />}
            color={isActiveLink(pathname, child.link) ? 'intranet' : undefined}
          >
            {child.text}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
