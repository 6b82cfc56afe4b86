// One toolbar button: accessible name and title in Spanish, pressed state, keeps the editor's selection.
import type { ReactNode } from 'react';

interface ToolbarButtonProps {
  label: string;
  testId: string;
  active?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}

export function ToolbarButton({ label, testId, active = false, disabled, onClick, children }: ToolbarButtonProps) {
  return (
    <button
      type="button"
      className="intranet-editor-button"
      aria-label={label}
      title={label}
      aria-pressed={active}
      data-active={active || undefined}
      data-testid={testId}
      disabled={disabled}
      // A mouse press would move the focus and lose the editor's selection.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
