import { Group, Kbd, Modal, Stack, Table, Text } from '@mantine/core';
import { useDisclosure, useHotkeys } from '@mantine/hooks';
import { useEffect, useMemo, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AREAS } from '../../areas/index.ts';
import { messages } from '../../core/messages.ts';
import { createEntryFor } from '../palette/model.ts';
import { formToSave, GO_WINDOW_MS, goTargets, isTyping } from './keys.ts';

const t = messages.atajos;
const ENTRIES = AREAS.flatMap((area) => area.palette);

/**
 * The keyboard shortcuts of the signed-in area, beside the palette's Ctrl-K: `/` searches the list,
 * `n` opens the "new …" of the area the user is in, `g` then a letter goes to an area, Ctrl-S saves the form,
 * `?` shows them all. Single keys act only outside fields; Esc is the dialogs' own (with their unsaved question).
 */
export function Shortcuts({ granted }: { granted: ReadonlySet<string> }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [help, { open: openHelp, close: closeHelp }] = useDisclosure(false);
  const targets = useMemo(() => goTargets(ENTRIES, granted), [granted]);
  const goPressed = useRef(0);

  useHotkeys([
    ['/', () => document.querySelector<HTMLInputElement>('main input[type="search"]')?.focus()],
    [
      'n',
      () => {
        const entry = createEntryFor(ENTRIES, pathname, granted);
        if (entry) void navigate(entry.link);
      },
    ],
    ['shift+?', openHelp],
  ]);
  // Ctrl-S inside the fields too: it saves the form instead of the browser saving the page.
  useHotkeys([['mod+S', () => formToSave(document.activeElement)?.requestSubmit(), { preventDefault: true }]], []);
  // `g` then a letter: a sequence, which useHotkeys does not read.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (Date.now() - goPressed.current < GO_WINDOW_MS) {
        goPressed.current = 0;
        const entry = targets.get(key);
        if (entry) {
          event.preventDefault();
          void navigate(entry.link);
        }
        return;
      }
      if (key === 'g') goPressed.current = Date.now();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [navigate, targets]);

  return (
    <Modal opened={help} onClose={closeHelp} title={t.titulo} size="lg">
      <Stack gap="md">
        <Table withRowBorders={false} verticalSpacing={4}>
          <Table.Tbody>
            {[
              [['Ctrl', 'K'], t.paleta],
              [['/'], t.buscar],
              [['n'], t.nuevo],
              [['Ctrl', 'S'], t.guardar],
              [['Esc'], t.cerrar],
              [['?'], t.ayuda],
            ].map(([keys, text]) => (
              <Table.Tr key={String(text)}>
                <Table.Td w={140}>
                  <Group gap={4}>
                    {(keys as string[]).map((key) => (
                      <Kbd key={key}>{key}</Kbd>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>{text as string}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600} size="sm">
          {t.irA}
        </Text>
        <Table withRowBorders={false} verticalSpacing={4} aria-label={t.irA}>
          <Table.Tbody>
            {[...targets].map(([key, entry]) => (
              <Table.Tr key={key}>
                <Table.Td w={140}>
                  <Group gap={4}>
                    <Kbd>g</Kbd>
                    <Kbd>{key}</Kbd>
                  </Group>
                </Table.Td>
                <Table.Td>{entry.text}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Modal>
  );
}
