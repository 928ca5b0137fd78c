import { lazy, Suspense, useId } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

// tiptap is large: it loads only when a rich-text field is shown.
const RichTextEditor = lazy(async () => ({ default: (await import('./RichTextEditor')).RichTextEditor }));

type Props<T extends FieldValues, TOutput> = {
  control: Control<T, unknown, TOutput>;
  name: FieldPath<T>;
  label: string;
  hint?: string;
  readOnly?: boolean;
};

/** A labelled rich-text field bound to react-hook-form; the value is HTML ('' when empty). */
export function RichTextField<T extends FieldValues, TOutput>({
  control,
  name,
  label,
  hint,
  readOnly = false,
}: Props<T, TOutput>) {
  const labelId = useId();
  const hintId = hint ? `${labelId}-hint` : undefined;
  return (
    <div className="mb-3">
      {/* A contenteditable cannot be a label's control: it is named with aria-labelledby instead. */}
      <div id={labelId} className="form-label">
        {label}
      </div>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Suspense
            fallback={
              <div className="smr-rte smr-rte-loading" aria-busy="true">
                Loading editor…
              </div>
            }
          >
            <RichTextEditor
              labelId={labelId}
              value={field.value as string | null | undefined}
              onChange={field.onChange}
              onBlur={field.onBlur}
              readOnly={readOnly}
              describedBy={hintId}
            />
          </Suspense>
        )}
      />
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
