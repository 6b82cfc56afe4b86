import { Stack, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useImprimiendo } from './Imprimir.tsx';
import { useUrlTab } from './useUrlTab.ts';

/**
 * One tab of a record screen: its `?tab=` value, its label (e.g. "Asignaciones (1)") and its panel; `hidden` leaves
 * it out.
 */
interface RecordTab {
  value: string;
  label: ReactNode;
  panel: ReactNode;
  hidden?: boolean;
  /** Left out of the printed file (the history). */
  sinImprimir?: boolean;
}

/**
 * A record screen's tabs, the open one kept in the URL (see useUrlTab; `keep` names the query parameters a
 * switch leaves alone); a hidden tab's URL opens the first, which is always shown.
 */
export function RecordTabs({
  tabs,
  keep,
}: {
  tabs: readonly [RecordTab & { hidden?: false }, ...RecordTab[]];
  keep?: readonly string[];
}) {
  const [first, ...rest] = tabs;
  const shown = [first, ...rest.filter((tab) => !tab.hidden)] as const;
  const [open, setOpen] = useUrlTab([first.value, ...shown.slice(1).map((tab) => tab.value)], keep);
  // Printing the file: every tab's content one after the other, each under its name.
  if (useImprimiendo()) {
    return (
      <Stack gap="lg">
        {shown
          .filter((tab) => !tab.sinImprimir)
          .map((tab) => (
            <section
              key={tab.value}
              className="seccion-impresa"
              aria-label={typeof tab.label === 'string' ? tab.label : tab.value}
            >
              <Title order={2} size="h3" mb="sm">
                {tab.label}
              </Title>
              {tab.panel}
            </section>
          ))}
      </Stack>
    );
  }
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
