// A labelled popup input with its error message under it, tied by aria-describedby.
import { useId, type ReactNode } from 'react';

interface FieldInputProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
  'data-testid': string;
}

export function Field({
  label,
  error,
  testId,
  children,
}: {
  label: string;
  error: string | null;
  testId: string;
  children: (props: FieldInputProps) => ReactNode;
}) {
  const id = `${testId}-${useId()}`;
  return (
    <div className="intranet-editor-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': error ? `${id}-error` : undefined,
        'data-testid': testId,
      })}
      {error && (
        <div id={`${id}-error`} className="intranet-editor-error" role="alert" data-testid={`${testId}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
