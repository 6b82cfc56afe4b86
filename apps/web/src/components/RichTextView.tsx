import { Alert, Paper, Text, Typography } from '@mantine/core';
import { useMemo } from 'react';
import { renderHtml } from '@intranet/editor';
import { richTextMessages } from './messages.ts';

type Rendered = { kind: 'html'; html: string } | { kind: 'empty' } | { kind: 'error'; message: string };

/** The empty document (one empty paragraph), or nothing at all. */
const EMPTY_HTML = new Set(['', '<p></p>']);

function render(value: unknown): Rendered {
  if (value === null || value === undefined) return { kind: 'empty' };
  try {
    const html = renderHtml(value as Parameters<typeof renderHtml>[0]);
    return EMPTY_HTML.has(html) ? { kind: 'empty' } : { kind: 'html', html };
  } catch (error) {
    return { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * A stored rich-text document shown as HTML written by the editor's schema (renderHtml): only what the
 * schema knows reaches the page, never HTML from anywhere else.
 */
export function RichTextView({ value, label, emptyText }: { value: unknown; label: string; emptyText: string }) {
  const rendered = useMemo(() => render(value), [value]);
  if (rendered.kind === 'empty') return <Text c="dimmed">{emptyText}</Text>;
  if (rendered.kind === 'error') {
    return (
      <Alert color="red" role="alert" title={richTextMessages.ilegible}>
        {rendered.message}
      </Alert>
    );
  }
  return (
    <Typography className="rich-text-view" aria-label={label} role="region">
      {/* The HTML comes only from renderHtml, which writes the schema's elements and safe URLs. */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the HTML is renderHtml's (the editor's renderer): the schema's elements only, text and attributes escaped, link URLs checked by safeUrl. */}
      <div dangerouslySetInnerHTML={{ __html: rendered.html }} />
    </Typography>
  );
}

/** A record's rich-text field on its data tab: a card with the field's name above its rendered document. */
export function RichTextCard({ value, label, emptyText }: { value: unknown; label: string; emptyText: string }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb="xs">
        {label}
      </Text>
      <RichTextView value={value} label={label} emptyText={emptyText} />
    </Paper>
  );
}
