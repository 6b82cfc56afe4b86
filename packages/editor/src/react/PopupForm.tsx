// The body of the link and image popups. Not a <form>: the editor sits inside the portal's own forms, and
// a nested form would submit the page (or the outer form) instead of the popup. Enter in a field and the
// Insert button both submit the popup, and only the popup.
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';

/**
 * For the Insert button: pressing it must not blur the field first, or the field's error would appear on
 * blur, move the button down before the mouse is released, and swallow the click.
 */
export const keepFocus = (event: MouseEvent) => event.preventDefault();

export function PopupForm({
  label,
  testId,
  onSubmit,
  children,
}: {
  label: string;
  testId: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName !== 'INPUT' || (target as HTMLInputElement).type === 'checkbox') return;
    event.preventDefault();
    onSubmit();
  };
  return (
    // A <fieldset> is meant for a <form>'s controls (this popup is not a form, see above) and its default border,
    // padding and min-width would change the popup's layout; the labelled group role gives the same semantics.
    // biome-ignore lint/a11y/useSemanticElements: the reason is above
    <div role="group" aria-label={label} className="intranet-editor-form" data-testid={testId} onKeyDown={onKeyDown}>
      {children}
    </div>
  );
}
