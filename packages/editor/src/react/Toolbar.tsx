// The toolbar in the specification's order, in groups; Left/Right arrows move between its controls.
import type { Command } from 'prosemirror-state';
import type { KeyboardEvent, ReactNode } from 'react';
import {
  alignmentActive,
  isNodeActive,
  toggleBlockquote,
  toggleBulletList,
  toggleOrderedList,
} from '../commands/blocks.ts';
import { isMarkActive, toggleSimpleMark, type SimpleMark } from '../commands/marks.ts';
import type { EditorInstance } from '../editor.ts';
import { schema } from '../schema/index.ts';
import type { Alignment } from '../schema/values.ts';
import { ColorPicker } from './ColorPicker.tsx';
import { HeadingMenu } from './HeadingMenu.tsx';
import { Icon } from './icons.tsx';
import { ImagePopup } from './ImagePopup.tsx';
import { LinkPopup } from './LinkPopup.tsx';
import { messages } from './messages.ts';
import { ToolbarButton } from './ToolbarButton.tsx';
import { requireEditor, useEditorState } from './use-editor-state.ts';

const MARKS: { mark: SimpleMark; label: string; testId: string; glyph: ReactNode }[][] = [
  [
    { mark: 'strong', label: messages.bold, testId: 'editor-bold', glyph: <b>B</b> },
    { mark: 'em', label: messages.italic, testId: 'editor-italic', glyph: <i>I</i> },
  ],
  [{ mark: 'code', label: messages.code, testId: 'editor-code', glyph: <Icon name="code" /> }],
  [
    { mark: 'u', label: messages.underline, testId: 'editor-underline', glyph: <u>U</u> },
    { mark: 's', label: messages.strike, testId: 'editor-strike', glyph: <s>S</s> },
  ],
];

const ALIGNMENTS: {
  align: Alignment;
  label: string;
  icon: 'alignLeft' | 'alignCenter' | 'alignRight' | 'alignJustify';
}[] = [
  { align: 'left', label: messages.alignLeft, icon: 'alignLeft' },
  { align: 'center', label: messages.alignCenter, icon: 'alignCenter' },
  { align: 'right', label: messages.alignRight, icon: 'alignRight' },
  { align: 'justify', label: messages.alignJustify, icon: 'alignJustify' },
];

function arrowKeys(event: KeyboardEvent<HTMLDivElement>) {
  const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
  const target = event.target as HTMLElement;
  if (!step || !target.matches('.intranet-editor-button')) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLElement>('.intranet-editor-button:not(:disabled)')];
  const index = buttons.indexOf(target);
  buttons[(index + step + buttons.length) % buttons.length]?.focus();
  event.preventDefault();
}

export function Toolbar({
  editor: given,
  disabled = false,
}: {
  editor: EditorInstance | null | undefined;
  disabled?: boolean;
}) {
  const editor = requireEditor(given);
  const state = useEditorState(editor);
  const run = (command: Command) => {
    command(editor.view.state, editor.view.dispatch);
    editor.view.focus();
  };
  const markButton = ({ mark, label, testId, glyph }: (typeof MARKS)[number][number]) => (
    <ToolbarButton
      key={mark}
      label={label}
      testId={testId}
      disabled={disabled}
      active={isMarkActive(state, schema.marks[mark]!)}
      onClick={() => run(toggleSimpleMark(mark))}
    >
      {glyph}
    </ToolbarButton>
  );
  const align = alignmentActive(state);

  return (
    <div
      role="toolbar"
      aria-label={messages.toolbar}
      className="intranet-editor-toolbar"
      data-testid="editor-toolbar"
      onKeyDown={arrowKeys}
    >
      <div className="intranet-editor-group">{MARKS[0]!.map(markButton)}</div>
      <div className="intranet-editor-group">
        {MARKS[1]!.map(markButton)}
        <ToolbarButton
          label={messages.blockquote}
          testId="editor-blockquote"
          disabled={disabled}
          active={isNodeActive(state, schema.nodes.blockquote!)}
          onClick={() => run(toggleBlockquote)}
        >
          <Icon name="blockquote" />
        </ToolbarButton>
      </div>
      <div className="intranet-editor-group">{MARKS[2]!.map(markButton)}</div>
      <div className="intranet-editor-group">
        <ToolbarButton
          label={messages.orderedList}
          testId="editor-ordered-list"
          disabled={disabled}
          active={isNodeActive(state, schema.nodes.ordered_list!)}
          onClick={() => run(toggleOrderedList)}
        >
          <Icon name="orderedList" />
        </ToolbarButton>
        <ToolbarButton
          label={messages.bulletList}
          testId="editor-bullet-list"
          disabled={disabled}
          active={isNodeActive(state, schema.nodes.bullet_list!)}
          onClick={() => run(toggleBulletList)}
        >
          <Icon name="bulletList" />
        </ToolbarButton>
      </div>
      <div className="intranet-editor-group">
        <HeadingMenu editor={editor} disabled={disabled} />
      </div>
      <div className="intranet-editor-group">
        <LinkPopup editor={editor} disabled={disabled} />
        <ImagePopup editor={editor} disabled={disabled} />
      </div>
      <div className="intranet-editor-group">
        <ColorPicker editor={editor} kind="text" disabled={disabled} />
        <ColorPicker editor={editor} kind="background" disabled={disabled} />
      </div>
      <div className="intranet-editor-group">
        {ALIGNMENTS.map(({ align: value, label, icon }) => (
          <ToolbarButton
            key={value}
            label={label}
            testId={`editor-align-${value}`}
            disabled={disabled}
            active={align === value}
            onClick={() => {
              editor.commands.align(value);
              editor.view.focus();
            }}
          >
            <Icon name={icon} />
          </ToolbarButton>
        ))}
      </div>
    </div>
  );
}
