import { ACTION_STATUSES, actionStatusNames, needsRationale } from '@domain/rules/actions';
import { SelectField } from '@web/components/form/SelectField';
import { TextAreaField } from '@web/components/form/TextAreaField';
import type { UseFormReturn } from 'react-hook-form';
import type { ActionFormValues } from './actionForm';

const statusOptions = ACTION_STATUSES.map((status) => ({ value: status, label: actionStatusNames[status] }));

/**
 * Where an action stands, and why when it is Deferred or Won't Do: the reason shows, required, as soon
 * as one of those is chosen. A reason kept from before stays stored while the field is hidden.
 */
export function StatusFields({ form }: { form: UseFormReturn<ActionFormValues, unknown, unknown> }) {
  const { register, watch, formState } = form;
  const asksReason = needsRationale(watch('status'));
  return (
    <>
      <SelectField
        label="Status"
        options={statusOptions}
        placeholder={false}
        error={formState.errors.status?.message}
        {...register('status')}
      />
      {asksReason ? (
        <TextAreaField
          label="Reason"
          hint="Deferred and Won’t Do need a reason: why the action is put off or dropped."
          required
          error={formState.errors.rationale?.message}
          {...register('rationale')}
        />
      ) : null}
    </>
  );
}
