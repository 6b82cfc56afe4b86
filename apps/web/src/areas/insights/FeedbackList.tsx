import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { Feedback } from '@intranet/contract/areas/insights';
import { Link } from 'react-router';
import { formatFechaHora } from '../../core/format.ts';
import { insightsMessages as t } from './messages.ts';

const f = t.feedback;

/**
 * Users' feedback, newest first: who (name and e-mail, as they gave them), when, the message, the page they were
 * on, and the issue of the event it names (on a project) or that event (on an issue).
 */
export function FeedbackList({
  consulta,
  onOpenEvento,
}: {
  consulta: { isPending: boolean; isError: boolean; data?: Feedback[] | undefined };
  /** On an issue: opens the event a comment names. */
  onOpenEvento?: (eventId: string) => void;
}) {
  if (consulta.isPending) return <Loader size="sm" />;
  if (consulta.isError || !consulta.data) return <Alert color="red">{f.error}</Alert>;
  if (consulta.data.length === 0) return <Text c="dimmed">{f.vacio}</Text>;
  return (
    <Stack gap="xs" component="ul" aria-label={f.tab} style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {consulta.data.map((c) => (
        <Paper key={c.id} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {c.nombre ?? f.anonimo}
              {c.email && (
                <Text span size="sm" c="dimmed" fw={400}>
                  {` <${c.email}>`}
                </Text>
              )}
            </Text>
            <Text size="xs" c="dimmed">
              {formatFechaHora(c.recibido)}
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {c.mensaje}
          </Text>
          <Group gap="md" mt={4}>
            {c.url && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {c.url}
              </Text>
            )}
            {!onOpenEvento && c.issue_id !== null && (
              <Anchor component={Link} to={`/insights/${c.issue_id}`} size="xs">
                {c.issue_titulo}
              </Anchor>
            )}
            {onOpenEvento && c.evento_asociado && (
              <Anchor component="button" type="button" size="xs" onClick={() => onOpenEvento(c.evento_asociado!)}>
                {`${f.verEvento} (${f.evento(c.evento_asociado)})`}
              </Anchor>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
