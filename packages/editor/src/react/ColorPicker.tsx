// Text or background colour: the 16-colour palette (palette.ts, 8 per row) and a remove choice.
import type { EditorInstance } from '../editor.ts';
import { markAttrs } from '../commands/marks.ts';
import { PALETTE_ROWS } from '../palette.ts';
import { schema } from '../schema/index.ts';
import { Icon } from './icons.tsx';
import { messages } from './messages.ts';
import { Popover } from './Popover.tsx';
import { requireEditor, useEditorState } from './use-editor-state.ts';

const KINDS = {
  text: {
    mark: 'text_color',
    attr: 'color',
    label: messages.textColor,
    icon: 'textColor',
    testId: 'editor-text-color',
  },
  background: {
    mark: 'text_background_color',
    attr: 'backgroundColor',
    label: messages.backgroundColor,
    icon: 'backgroundColor',
    testId: 'editor-background-color',
  },
} as const;

export function ColorPicker({
  editor: given,
  kind,
  disabled,
}: {
  editor: EditorInstance | null | undefined;
  kind: keyof typeof KINDS;
  disabled?: boolean;
}) {
  const editor = requireEditor(given);
  const state = useEditorState(editor);
  const { mark, attr, label, icon, testId } = KINDS[kind];
  const current = (markAttrs(state, schema.marks[mark]!)?.[attr] as string | undefined) ?? null;

  const apply = (color: string | null, close: () => void) => {
    const { commands } = editor;
    if (kind === 'text') color ? commands.textColor(color) : commands.removeTextColor();
    else color ? commands.backgroundColor(color) : commands.removeBackgroundColor();
    close();
    editor.view.focus();
  };

  return (
    <Popover
      label={label}
      testId={testId}
      role="dialog"
      active={current !== null}
      disabled={disabled}
      button={
        <>
          <Icon name={icon} />
          <span className="intranet-editor-color-bar" style={{ background: current ?? 'transparent' }} />
        </>
      }
    >
      {(close) => (
        <div className="intranet-editor-palette">
          {PALETTE_ROWS.map((row) => (
            <div className="intranet-editor-palette-row" key={row[0]}>
              {row.map((color) => (
                <button
                  key={color}
                  type="button"
                  className="intranet-editor-swatch"
                  style={{ background: color }}
                  aria-label={messages.color(color)}
                  title={color}
                  aria-pressed={current === color}
                  data-testid={`${testId}-${color.slice(1)}`}
                  onClick={() => apply(color, close)}
                />
              ))}
            </div>
          ))}
          <button
            type="button"
            className="intranet-editor-action intranet-editor-remove-color"
            data-variant="default"
            data-testid={`${testId}-remove`}
            onClick={() => apply(null, close)}
          >
            {messages.removeColor}
          </button>
        </div>
      )}
    </Popover>
  );
}
