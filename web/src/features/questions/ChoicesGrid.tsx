import { messages } from '@domain/messages';
import { isNewChoiceId } from '@domain/rules/content';
import type { QuestionInput } from '@domain/schemas/content';
import { digitsOnly, filterAsTyped, scoreCharacters } from '@web/components/form/filterAsTyped';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { type FieldErrors, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import type { ChoiceAdminView } from './questionAdminApi';
import { type ChoiceFormValues, newChoice, type QuestionFormValues } from './questionFormValues';

type Props = {
  form: UseFormReturn<QuestionFormValues, unknown, QuestionInput>;
  /** The choices as loaded: only those saved as active may be reactivated before saving. */
  saved: readonly ChoiceAdminView[];
  readOnly: boolean;
};

/** The grid's own message: no active choice for a choice-list type ('At least one choice is required.'). */
function choicesMessage(errors: FieldErrors<QuestionFormValues>): string | undefined {
  const choices = errors.choices as { message?: string; root?: { message?: string } } | undefined;
  return choices?.root?.message ?? choices?.message;
}

/** Marks an input invalid and points it at its message. */
function invalidity(error: { message?: string } | undefined, messageId: string) {
  return error ? { 'aria-invalid': true, 'aria-describedby': messageId } : {};
}

/**
 * The choices of a single select, multi select or drop-down question (docs/product.md#codes to docs/product.md#rules-validation): add
 * rows with negative string ids; a new row can be removed outright, a saved choice is deactivated
 * (greyed, reactivatable until saved) and always sent; Omit Score disables every score.
 */
export function ChoicesGrid({ form, saved, readOnly }: Props) {
  const {
    control,
    register,
    setValue,
    getValues,
    formState: { errors },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'choices', keyName: 'key' });
  const choices = useWatch({ control, name: 'choices' }) ?? [];
  const skipScore = useWatch({ control, name: 'skipScore' });
  const savedActive = new Set(saved.filter((c) => c.isActive).map((c) => String(c.id)));
  const message = choicesMessage(errors);
  const idPrefix = useId();

  const setActive = (index: number, active: boolean) =>
    setValue(`choices.${index}.isActive`, active, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });

  // One choice at most is the 'Other' choice.
  const otherField = (index: number) => {
    const field = register(`choices.${index}.isOtherChoice`);
    return {
      ...field,
      onChange: async (event: { target: unknown; type?: unknown }) => {
        const checked = (event.target as HTMLInputElement).checked;
        await field.onChange(event);
        if (!checked) return;
        getValues('choices').forEach((choice, other) => {
          if (other !== index && choice.isOtherChoice) setValue(`choices.${other}.isOtherChoice`, false);
        });
      },
    };
  };

  return (
    <section className="smr-choices" aria-labelledby="choices-title">
      <div className="smr-choices-header">
        <h2 id="choices-title" className="smr-form-section-title mb-0">
          Choices
        </h2>
        {readOnly ? null : (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => append(newChoice(getValues('choices')), { shouldFocus: true })}
          >
            Add Choice
          </Button>
        )}
      </div>
      {fields.length === 0 ? (
        <p className="smr-choices-empty">{messages.admin.noChoices}</p>
      ) : (
        <table className="table smr-choices-table">
          <thead>
            <tr>
              <th scope="col">Caption</th>
              <th scope="col" className="smr-choice-order">
                Display Order
              </th>
              <th scope="col" className="smr-choice-score">
                Score
              </th>
              <th scope="col" className="smr-choice-other">
                Other
              </th>
              <th scope="col" className="smr-choice-action">
                Active
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field, index) => {
              const choice: ChoiceFormValues | undefined = choices[index];
              const id = choice?.id ?? field.id;
              const active = choice?.isActive !== false;
              const fresh = isNewChoiceId(id);
              const number = index + 1;
              const rowErrors = errors.choices?.[index];
              return (
                <tr key={field.key} className={active ? undefined : 'smr-row-inactive'}>
                  <td data-label="Caption">
                    <input
                      className={`form-control form-control-sm${rowErrors?.caption ? ' is-invalid' : ''}`}
                      aria-label={`Caption of choice ${number}`}
                      {...invalidity(rowErrors?.caption, `${idPrefix}-${index}-caption`)}
                      disabled={!active}
                      {...register(`choices.${index}.caption`)}
                    />
                    {rowErrors?.caption ? (
                      <div id={`${idPrefix}-${index}-caption`} className="invalid-feedback">
                        {rowErrors.caption.message}
                      </div>
                    ) : null}
                  </td>
                  <td data-label="Display Order" className="smr-choice-order">
                    <input
                      className={`form-control form-control-sm${rowErrors?.displayOrder ? ' is-invalid' : ''}`}
                      aria-label={`Display order of choice ${number}`}
                      {...invalidity(rowErrors?.displayOrder, `${idPrefix}-${index}-displayOrder`)}
                      inputMode="numeric"
                      autoComplete="off"
                      disabled={!active}
                      {...filterAsTyped(register(`choices.${index}.displayOrder`), digitsOnly)}
                    />
                    {rowErrors?.displayOrder ? (
                      <div id={`${idPrefix}-${index}-displayOrder`} className="invalid-feedback">
                        {rowErrors.displayOrder.message}
                      </div>
                    ) : null}
                  </td>
                  <td data-label="Score" className="smr-choice-score">
                    <input
                      className={`form-control form-control-sm${rowErrors?.scoreValue ? ' is-invalid' : ''}`}
                      aria-label={`Score of choice ${number}`}
                      {...invalidity(rowErrors?.scoreValue, `${idPrefix}-${index}-scoreValue`)}
                      inputMode="decimal"
                      autoComplete="off"
                      disabled={!active || skipScore}
                      title={skipScore ? 'Omit Score is ticked: this question is not scored.' : undefined}
                      {...filterAsTyped(register(`choices.${index}.scoreValue`), scoreCharacters)}
                    />
                    {rowErrors?.scoreValue ? (
                      <div id={`${idPrefix}-${index}-scoreValue`} className="invalid-feedback">
                        {rowErrors.scoreValue.message}
                      </div>
                    ) : null}
                  </td>
                  <td data-label="Other" className="smr-choice-other">
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={`Choice ${number} is the Other choice`}
                      disabled={!active}
                      {...otherField(index)}
                    />
                  </td>
                  <td data-label="Active" className="smr-choice-action">
                    {readOnly ? (
                      active ? (
                        'Yes'
                      ) : (
                        <span className="badge text-bg-secondary">Deactivated</span>
                      )
                    ) : fresh ? (
                      <Button
                        variant="outline-danger"
                        size="sm"
                        aria-label={`Remove choice ${number}`}
                        onClick={() => remove(index)}
                      >
                        Remove
                      </Button>
                    ) : active ? (
                      <Button
                        variant="outline-danger"
                        size="sm"
                        aria-label={`Deactivate choice ${number}`}
                        onClick={() => setActive(index, false)}
                      >
                        Deactivate
                      </Button>
                    ) : savedActive.has(id) ? (
                      <Button
                        variant="outline-secondary"
                        size="sm"
                        aria-label={`Reactivate choice ${number}`}
                        onClick={() => setActive(index, true)}
                      >
                        Reactivate
                      </Button>
                    ) : (
                      <span className="badge text-bg-secondary">Deactivated</span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {message ? (
        <div className="smr-choices-error text-danger" role="alert">
          {message}
        </div>
      ) : null}
    </section>
  );
}
