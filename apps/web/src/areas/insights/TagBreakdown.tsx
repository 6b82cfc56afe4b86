import { Alert, Group, Loader, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { listMessages } from '../../components/messages.ts';
import { formatNumero } from '../../core/format.ts';
import { useTags } from './api.ts';
import { insightsMessages as t } from './messages.ts';

const COLORS = [
  'blue.6',
  'teal.6',
  'grape.6',
  'orange.6',
  'cyan.6',
  'pink.6',
  'lime.7',
  'indigo.6',
  'yellow.7',
  'gray.6',
];

/** Per tag key, how the issue's events spread over its values (top 10), as proportional bars. */
export function TagBreakdown({ issueId }: { issueId: number }) {
  const tags = useTags(issueId);
  if (tags.isPending) return <Loader size="sm" aria-label={listMessages.cargando} />;
  if (tags.isError)
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {tags.error.message}
      </Alert>
    );
  if (tags.data.length === 0) return <Text c="dimmed">{t.sinEtiquetas}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
      {tags.data.map((tag) => (
        <Paper key={tag.key} withBorder radius="md" p="md" component="section" aria-label={tag.key}>
          <Group justify="space-between" mb="xs">
            <Title order={3} size="h6" ff="monospace">
              {tag.key}
            </Title>
            <Text size="xs" c="dimmed">
              {formatNumero(tag.total)}
            </Text>
          </Group>
          <Progress.Root size={10} mb="sm" aria-hidden>
            {tag.valores.map((valor, i) => (
              <Progress.Section key={valor.value} value={valor.porcentaje} color={COLORS[i % COLORS.length]} />
            ))}
          </Progress.Root>
          <Stack gap={4}>
            {tag.valores.map((valor, i) => (
              // A labelled group of text, not of form controls; a <fieldset>'s default border, padding and min-width
              // would change the layout (and stop the value's truncation).
              // biome-ignore lint/a11y/useSemanticElements: the reason is above
              <div
                key={valor.value}
                aria-label={t.etiquetaValor(valor.value, valor.cantidad, valor.porcentaje)}
                role="group"
              >
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="sm" truncate="end" title={valor.value}>
                    {valor.value}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                    {formatNumero(valor.cantidad)} · {Math.round(valor.porcentaje)} %
                  </Text>
                </Group>
                <Progress value={valor.porcentaje} size="sm" color={COLORS[i % COLORS.length]} aria-hidden />
              </div>
            ))}
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
