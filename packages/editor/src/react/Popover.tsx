// A toolbar button that opens a small panel (dialog or menu); Escape or a click outside closes it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface PopoverProps {
  label: string;
  testId: string;
  role: 'dialog' | 'menu';
  active?: boolean;
  disabled?: boolean;
  button: ReactNode;
  children: (close: () => void) => ReactNode;
}

export function Popover({ label, testId, role, active = false, disabled, button, children }: PopoverProps) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();

  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('input:not(:disabled), button, [tabindex="0"]')?.focus();
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  return (
    <div className="intranet-editor-popover" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="intranet-editor-button"
        aria-label={label}
        title={label}
        aria-haspopup={role}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-active={active || undefined}
        data-testid={testId}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => setOpen((value) => !value)}
      >
        {button}
      </button>
      {open && (
        // The role is always "dialog" or "menu" (PopoverProps): an interactive role, and both take aria-label. The
        // rules cannot read a role given as a variable.
        // biome-ignore lint/a11y/noStaticElementInteractions: the reason is above
        // biome-ignore lint/a11y/useAriaPropsSupportedByRole: the reason is above
        <div
          id={panelId}
          ref={panel}
          role={role}
          aria-label={label}
          className="intranet-editor-panel"
          data-testid={`${testId}-panel`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close();
            }
          }}
        >
          {children(close)}
        </div>
      )}
    </div>
  );
}
