import { Button, Group, Menu } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { groupMenu } from './filterMenu.ts';
import { isActiveLink } from './isActive.ts';
import { isParent, type MenuItem } from '../core/menu.ts';
import type { useMenu } from './useMenu.ts';

/** The ORG variant's menu: one dropdown per heading in the top bar instead of the sidebar. */
export function TopMenu({ menu }: { menu: ReturnType<typeof useMenu> }) {
  const { pathname } = useLocation();
  const links = (item: MenuItem) => (isParent(item) ? item.submenu.map((child) => child.link) : [item.link]);

  return (
    <Group gap={4} wrap="nowrap">
      {groupMenu(menu.entries).map((group) => {
        const active = group.items.some((item) => links(item).some((link) => isActiveLink(pathname, link)));
        return (
          <Menu key={group.heading ?? ''} position="bottom-start" trigger="click-hover" offset={4}>
            <Menu.Target>
              <Button
                variant={active ? 'light' : 'subtle'}
                color={active ? undefined : 'gray'}
                size="compact-sm"
                rightSection={<IconChevronDown size={14} />}
              >
                {group.heading}
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {group.items.map((item) =>
                isParent(item) ? (
                  <Menu.Sub key={item.text}>
                    <Menu.Sub.Target>
                      <Menu.Sub.Item leftSection={<item.icon size={16} stroke={1.6} />}>{item.text}</Menu.Sub.Item>
                    </Menu.Sub.Target>
                    <Menu.Sub.Dropdown mah={200} style={{ overflowY: 'auto' }}>
                      {item.submenu.map((child) => (
                        <Menu.Item key={child.link} component={Link} to={child.link}>
                          {child.text}
                        </Menu.Item>
                      ))}
                    </Menu.Sub.Dropdown>
                  </Menu.Sub>
                ) : (
                  <Menu.Item
                    key={item.link}
                    component={Link}
                    to={item.link}
                    leftSection={<item.icon size={16} stroke={1.6} />}
                  >
                    {item.text}
                  </Menu.Item>
                ),
              )}
            </Menu.Dropdown>
          </Menu>
        );
      })}
    </Group>
  );
}
