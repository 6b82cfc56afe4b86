import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { appsstoreMessages as t } from './messages.ts';

export const APPSSTORE_PATH = '/appsstore';

const TABS = {
  config: APPSSTORE_PATH,
  catalogo: `${APPSSTORE_PATH}/catalogo`,
  historial: `${APPSSTORE_PATH}/historial`,
} as const;
export type StoreTab = keyof typeof TABS;

/** The AppsStore's title and its three tabs, each one a route of its own (a link opens the tab). */
export function StoreLayout({ tab, actions, children }: { tab: StoreTab; actions?: ReactNode; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t.titulo} actions={actions} />
      <Tabs
        value={tab}
        onChange={(next) => next && next !== tab && void navigate(TABS[next as StoreTab])}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {(Object.keys(TABS) as StoreTab[]).map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t.tabs[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {/* The open tab's panel, so that the tab names what it controls. */}
        <Tabs.Panel value={tab}>{children}</Tabs.Panel>
      </Tabs>
    </>
  );
}
