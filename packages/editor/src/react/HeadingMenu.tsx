// Headings h1-h6 as a menu (arrow keys move between items), plus plain text to leave a heading.
import type { KeyboardEvent } from 'react';
import { headingLevelActive } from '../commands/blocks.ts';
import type { EditorInstance } from '../editor.ts';
import { messages } from './messages.ts';
import { Popover } from './Popover.tsx';
import { requireEditor, useEditorState } from './use-editor-state.ts';

const LEVELS = [1, 2, 3, 4, 5, 6] as const;

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
  if (!step) return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitemradio"]')];
  const index = items.indexOf(event.target as HTMLElement);
  items[(index + step + items.length) % items.length]?.focus();
}

export function HeadingMenu({
  editor: given,
  disabled,
}: {
  editor: EditorInstance | null | undefined;
  disabled?: boolean;
}) {
  const editor = requireEditor(given);
  const level = headingLevelActive(useEditorState(editor));

  const choose = (value: number | null, close: () => void) => {
    if (value === null) editor.commands.setParagraph();
    else if (value !== level) editor.commands.toggleHeading(value as 1);
    close();
    editor.view.focus();
  };

  return (
    // The name holds what the button shows ("H2"), so that what is read is what is seen.
    <Popover
      label={level ? messages.headingActive(level) : messages.heading}
      testId="editor-heading"
      role="menu"
      active={level !== null}
      disabled={disabled}
      button={<span className="intranet-editor-heading-label">{level ? `H${level}` : 'H'}</span>}
    >
      {(close) => (
        // A plain wrapper inside the Popover's role="menu" panel; it only catches the arrow keys that bubble up from
        // its menu items, which are buttons.
        // biome-ignore lint/a11y/noStaticElementInteractions: the reason is above
        <div onKeyDown={moveFocus}>
          {LEVELS.map((value) => (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={level === value}
              className={`intranet-editor-menu-item intranet-editor-h${value}`}
              data-testid={`editor-heading-${value}`}
              onClick={() => choose(value, close)}
            >
              {messages.headingLevel(value)}
            </button>
          ))}
          <button
            type="button"
            role="menuitemradio"
            aria-checked={level === null}
            className="intranet-editor-menu-item"
            data-testid="editor-heading-paragraph"
            onClick={() => choose(null, close)}
          >
            {messages.paragraph}
          </button>
        </div>
      )}
    </Popover>
  );
}
