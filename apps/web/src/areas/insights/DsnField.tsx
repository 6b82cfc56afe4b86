import { ActionIcon, Box, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { insightsMessages as t } from './messages.ts';

/** A copy button that says it copied. */
export function CopyAction({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? t.copiado : label} withArrow>
          <ActionIcon
            variant={copied ? 'filled' : 'default'}
            color={copied ? 'teal' : undefined}
            onClick={copy}
            aria-label={label}
          >
            {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** The DSN in monospace with its copy button. */
export function DsnField({ dsn, compact = false }: { dsn: string; compact?: boolean }) {
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Code fz={compact ? 'xs' : 'sm'} style={{ overflowWrap: 'anywhere', flex: 1 }} data-testid="dsn">
        {dsn}
      </Code>
      <CopyAction value={dsn} label={t.copiarDsn} />
    </Group>
  );
}

/** A copyable code sample (the `Sentry.init({ dsn })` snippets). */
export function Snippet({ title, code }: { title: string; code: string }) {
  return (
    <Box>
      <Group justify="space-between" mb={4}>
        <Text size="sm" fw={600}>
          {title}
        </Text>
        <CopyAction value={code} label={t.copiarSnippet(title)} />
      </Group>
      <Code block fz="xs" aria-label={title} tabIndex={0}>
        {code}
      </Code>
    </Box>
  );
}
