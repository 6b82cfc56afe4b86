import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { useUrlTab } from './useUrlTab.ts';

/** One tab of a record screen: its `?tab=` value, its label (e.g. "Asignaciones (1)") and its panel; `hidden` leaves it out. */
interface RecordTab {
  value: string;
  label: ReactNode;
  panel: ReactNode;
  hidden?: boolean;
}

/**
 * A record screen's tabs, the open one kept in the URL (see useUrlTab; `keep` names the query parameters a
 * switch leaves alone); a hidden tab's URL opens the first, which is always shown.
 */
export function RecordTabs({ tabs, keep }: { tabs: readonly [RecordTab & { hidden?: false }, ...RecordTab[]]; keep?: readonly string[] }) {
  const [first, ...rest] = tabs;
  const shown = [first, ...rest.filter((tab) => !tab.hidden)] as const;
  const [open, setOpen] = useUrlTab([first.value, ...shown.slice(1).map((tab) => tab.value)], keep);
  return (
    <Tabs value={open} onChange={setOpen} keepMounted={false}>
      <Tabs.List mb="md">
        {shown.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {shown.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value}>
          {tab.panel}
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
