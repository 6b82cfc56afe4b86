import { SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DetailItem {
  label: string;
  value: ReactNode;
  /** Spans the whole row (notes, long text). */
  wide?: boolean;
}

/** A record's fields as label/value pairs (a description list), '—' where empty. */
export function DetailGrid({ items }: { items: DetailItem[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm" m={0}>
      {items.map(({ label, value, wide }) => (
        <div key={label} style={wide ? { gridColumn: '1 / -1' } : undefined}>
          <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
