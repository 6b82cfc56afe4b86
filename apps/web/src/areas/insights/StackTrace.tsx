import { Badge, Box, Code, Collapse, Group, Paper, Select, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { ExceptionValue, Frame, Thread } from '@intranet/contract/areas/insights';
import { insightsMessages as t } from './messages.ts';
import classes from './StackTrace.module.css';

/** Frames newest first, with runs of library frames folded into one row (unless no frame is the app's). */
export type FrameGroup =
  | { kind: 'frame'; frame: Frame; index: number }
  | { kind: 'libraries'; frames: { frame: Frame; index: number }[] };

export function groupFrames(frames: Frame[]): FrameGroup[] {
  const newestFirst = frames.map((frame, index) => ({ frame, index })).reverse();
  if (!newestFirst.some(({ frame }) => frame.in_app)) return newestFirst.map((f) => ({ kind: 'frame', ...f }));
  const groups: FrameGroup[] = [];
  for (const entry of newestFirst) {
    const last = groups.at(-1);
    if (entry.frame.in_app) groups.push({ kind: 'frame', ...entry });
    else if (last?.kind === 'libraries') last.frames.push(entry);
    else groups.push({ kind: 'libraries', frames: [entry] });
  }
  return groups;
}

/**
 * The exceptions of an event, the outermost (the one that reached the handler) first, then its threads' stacks (a
 * Java crash's threads, a message's own stack), one at a time.
 */
export function StackTrace({ exceptions, threads = [] }: { exceptions: ExceptionValue[]; threads?: Thread[] }) {
  if (exceptions.length === 0 && threads.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t.sinTraza}
      </Text>
    );
  return (
    <Stack gap="lg">
      {[...exceptions].reverse().map((exception, index) => (
        // An event's exceptions are stored once and never change or reorder; they carry no id, and two can share type
        // and message.
        // biome-ignore lint/suspicious/noArrayIndexKey: the reason is above
        <ExceptionBlock key={index} exception={exception} />
      ))}
      {threads.length > 0 && <Threads threads={threads} />}
    </Stack>
  );
}

/** The thread shown first: the one that crashed, else the one the event was captured on, else the first. */
export function hiloInicial(threads: Thread[]): number {
  const caido = threads.findIndex((h) => h.crashed);
  if (caido >= 0) return caido;
  return Math.max(
    0,
    threads.findIndex((h) => h.current),
  );
}

const nombreDeHilo = (h: Thread) => (h.name ? `${h.name}${h.id === null ? '' : ` (${h.id})`}` : t.hiloSinNombre(h.id));

function Threads({ threads }: { threads: Thread[] }) {
  const [elegido, setElegido] = useState(() => String(hiloInicial(threads)));
  const hilo = threads[Number(elegido)] ?? threads[0];
  if (!hilo) return null;
  // A message's own stack (`attach_stacktrace`) comes as one thread with no name nor id: only its frames are shown.
  if (threads.length === 1 && !hilo.name && hilo.id === null) return <Frames frames={hilo.frames} label={t.trazas} />;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="center">
        <Text fw={700}>{t.hilo}</Text>
        {threads.length > 1 ? (
          <Select
            aria-label={t.hilo}
            size="xs"
            w={260}
            data={threads.map((h, i) => ({ value: String(i), label: nombreDeHilo(h) }))}
            value={elegido}
            onChange={(v) => v !== null && setElegido(v)}
            allowDeselect={false}
            searchable={threads.length > 10}
          />
        ) : (
          <Text ff="monospace">{nombreDeHilo(hilo)}</Text>
        )}
        {hilo.crashed && (
          <Badge size="xs" variant="outline" color="red">
            {t.hiloCaido}
          </Badge>
        )}
        {hilo.current && (
          <Badge size="xs" variant="outline" color="gray">
            {t.hiloActual}
          </Badge>
        )}
      </Group>
      {/* Another thread starts with its own frames folded and opened as the first one's were. */}
      <Frames key={elegido} frames={hilo.frames} label={`${t.trazas}: ${nombreDeHilo(hilo)}`} />
    </Stack>
  );
}

function ExceptionBlock({ exception }: { exception: ExceptionValue }) {
  const handled = exception.mechanism?.handled;
  return (
    <Stack gap="xs">
      <Group gap="xs" align="baseline">
        <Text fw={700} ff="monospace">
          {exception.type ?? 'Error'}
        </Text>
        {handled !== null && handled !== undefined && (
          <Badge size="xs" variant="outline" color={handled ? 'gray' : 'red'}>
            {handled ? t.manejado : t.noManejado}
            {exception.mechanism?.type ? ` · ${exception.mechanism.type}` : ''}
          </Badge>
        )}
      </Group>
      {exception.value && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {exception.value}
        </Text>
      )}
      <Frames frames={exception.frames} label={`${t.trazas}: ${exception.type ?? 'Error'}`} />
    </Stack>
  );
}

/** A stack's frames, newest first, the newest of the app's open with its code (where the error most likely is). */
function Frames({ frames, label }: { frames: Frame[]; label: string }) {
  if (frames.length === 0)
    return (
      <Text c="dimmed" size="sm">
        {t.sinTraza}
      </Text>
    );
  const groups = groupFrames(frames);
  const firstApp = groups.find((group) => group.kind === 'frame' && group.frame.in_app);
  const openIndex = firstApp?.kind === 'frame' ? firstApp.index : frames.length - 1;
  return (
    <Paper withBorder radius="sm" className={classes.frames} role="list" aria-label={label}>
      {groups.map((group) =>
        group.kind === 'frame' ? (
          <FrameRow key={group.index} frame={group.frame} initiallyOpen={group.index === openIndex} />
        ) : (
          <LibraryFrames key={`lib-${group.frames[0]?.index}`} frames={group.frames} />
        ),
      )}
    </Paper>
  );
}

function LibraryFrames({ frames }: { frames: { frame: Frame; index: number }[] }) {
  const [open, setOpen] = useState(false);
  return (
    <Box role="listitem">
      <UnstyledButton className={classes.toggle} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <Group gap={6}>
          {open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
          <Text size="xs" c="dimmed">
            {open ? t.ocultarMarcos(frames.length) : t.marcosOcultos(frames.length)}
          </Text>
        </Group>
      </UnstyledButton>
      <Collapse in={open}>
        {/* biome-ignore lint/a11y/useSemanticElements: its items are the same FrameRow boxes (role="listitem") as the frames' outer list; a <ul> would need <li> rows and a reset of the list's margin, padding and markers. */}
        <div role="list">
          {frames.map(({ frame, index }) => (
            <FrameRow key={index} frame={frame} initiallyOpen={false} />
          ))}
        </div>
      </Collapse>
    </Box>
  );
}

const frameLocation = (frame: Frame) => frame.filename ?? frame.abs_path ?? frame.module ?? '?';
const hasContext = (frame: Frame) => frame.context_line !== null;
const hasVars = (frame: Frame) => Object.keys(frame.vars ?? {}).length > 0;
/** A frame opens to show its code, its local variables, or both. */
const expandable = (frame: Frame) => hasContext(frame) || hasVars(frame);

function FrameRow({ frame, initiallyOpen }: { frame: Frame; initiallyOpen: boolean }) {
  const [open, setOpen] = useState(initiallyOpen && expandable(frame));
  const where = t.enLinea(frame.lineno, frame.colno);
  const title = (
    <Group gap={6} wrap="wrap" align="baseline" style={{ minWidth: 0 }}>
      {expandable(frame) &&
        (open ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />)}
      {/* The location takes the row (the badges go under it on a narrow screen) rather than a squeezed column. */}
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere', flex: '1 1 14rem', minWidth: 0 }}>
        <Text span fw={frame.in_app ? 700 : 400} inherit>
          {frameLocation(frame)}
        </Text>
        <Text span c="dimmed" inherit>
          {' en '}
        </Text>
        <Text span fw={600} inherit>
          {frame.function ?? t.funcionAnonima}
        </Text>
        {where && (
          <Text span c="dimmed" inherit>
            {` · ${where}`}
          </Text>
        )}
      </Text>
      {frame.in_app && (
        <Badge size="xs" variant="light" color="red" style={{ flexShrink: 0 }}>
          {t.deLaApp}
        </Badge>
      )}
      {frame.sourcemap?.resuelto && (
        <Badge size="xs" variant="light" color="teal" style={{ flexShrink: 0 }}>
          {t.resueltoConMapa}
        </Badge>
      )}
    </Group>
  );
  return (
    <Box
      role="listitem"
      className={frame.in_app ? classes.inApp : classes.frame}
      data-in-app={frame.in_app || undefined}
    >
      {expandable(frame) ? (
        <UnstyledButton className={classes.header} onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {title}
        </UnstyledButton>
      ) : (
        <Box className={classes.header}>{title}</Box>
      )}
      {frame.sourcemap && <SourceMapNote sourcemap={frame.sourcemap} />}
      {expandable(frame) && (
        <Collapse in={open}>
          {hasContext(frame) && <ContextLines frame={frame} />}
          {hasVars(frame) && <FrameVars vars={frame.vars ?? {}} />}
        </Collapse>
      )}
    </Box>
  );
}

/** Under a frame resolved by a source map, the minified frame it came from (one click away); else why no map served. */
function SourceMapNote({ sourcemap }: { sourcemap: NonNullable<Frame['sourcemap']> }) {
  const [open, setOpen] = useState(false);
  const { minificado } = sourcemap;
  if (!sourcemap.resuelto) {
    return (
      <Text size="xs" c="orange.8" className={classes.note}>
        {`${t.sinMapa}: ${sourcemap.motivo ?? ''}`}
      </Text>
    );
  }
  const where = t.enLinea(minificado.lineno, minificado.colno);
  return (
    <Box className={classes.note}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open}>
        <Text size="xs" c="dimmed" td="underline">
          {open ? t.ocultarMinificado : t.verMinificado}
        </Text>
      </UnstyledButton>
      <Collapse in={open}>
        <Text size="xs" ff="monospace" c="dimmed" aria-label={t.marcoMinificado} style={{ overflowWrap: 'anywhere' }}>
          {`${minificado.abs_path ?? '?'} en ${minificado.function ?? t.funcionAnonima}${where ? ` · ${where}` : ''}`}
        </Text>
      </Collapse>
    </Box>
  );
}

/** A value as sent: text as it is (the Python SDK sends each variable's repr), anything else as JSON. */
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The frame's local variables at the moment of the error, by name. */
function FrameVars({ vars }: { vars: Record<string, unknown> }) {
  return (
    <Table className={classes.vars} aria-label={t.variablesLocales} fz="xs" verticalSpacing={2} withRowBorders={false}>
      <Table.Tbody>
        {Object.entries(vars).map(([name, value]) => (
          <Table.Tr key={name}>
            <Table.Th scope="row" ff="monospace" fw={600}>
              {name}
            </Table.Th>
            <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {shown(value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The source around the frame's line, numbered, the line itself marked. */
function ContextLines({ frame }: { frame: Frame }) {
  const start = (frame.lineno ?? frame.pre_context.length + 1) - frame.pre_context.length;
  const lines = [...frame.pre_context, frame.context_line ?? '', ...frame.post_context];
  const current = frame.pre_context.length;
  return (
    <Code block className={classes.context}>
      {lines.map((line, i) => (
        <div
          // The source lines around a frame never change or reorder, and lines repeat (blank ones, a closing brace);
          // the index is the line's number less the first.
          // biome-ignore lint/suspicious/noArrayIndexKey: the reason is above
          key={i}
          className={i === current ? classes.currentLine : undefined}
          aria-current={i === current ? 'true' : undefined}
        >
          <span className={classes.lineNumber}>{start + i}</span>
          {line || ' '}
        </div>
      ))}
    </Code>
  );
}
