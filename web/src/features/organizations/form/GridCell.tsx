import type { ReactElement } from 'react';

type Props = {
  /** The column's name: shown above the value when the grid stacks on phones. */
  column: string;
  /** The control's id, which its message is named after. */
  controlId: string;
  error?: string;
  className?: string;
  children: (invalidity: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactElement;
};

/** A cell of an inline-edited grid: the control, marked invalid and pointing at its message when it has one. */
export function GridCell({ column, controlId, error, className, children }: Props) {
  const messageId = `${controlId}-error`;
  return (
    <td data-label={column} className={className}>
      {children(error ? { 'aria-invalid': true, 'aria-describedby': messageId } : {})}
      {error ? (
        <div id={messageId} className="invalid-feedback d-block">
          {error}
        </div>
      ) : null}
    </td>
  );
}
