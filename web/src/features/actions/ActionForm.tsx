import { ACTION_LIMITS, actionTexts } from '@domain/rules/actions';
import { type ActionAdd, actionAddSchema } from '@domain/schemas/actions';
import type { ActionView } from '@web/api/actions';
import { schemaResolver } from '@web/components/entity/schemaResolver';
import { SelectField } from '@web/components/form/SelectField';
import { TextAreaField } from '@web/components/form/TextAreaField';
import { TextField } from '@web/components/form/TextField';
import { useForm } from 'react-hook-form';
import { type ActionFormValues, formValuesOf } from './actionForm';
import { actionsApi } from './actionsApi';
import { DialogForm } from './DialogForm';
import { StatusFields } from './StatusFields';
import { useOwnerOptions } from './useOwnerOptions';
import { useSaveAction } from './useSaveAction';

type Props = {
  titleId: string;
  organizationId: number;
  /** The practice area of the action. */
  section: { id: number; name: string };
  /** The action being edited, or null for a new one. */
  action: ActionView | null;
  onCancel: () => void;
  onSaved: (message: string) => void;
};

/** Add or edit an action, every field: for those who manage the plan. */
export function ActionForm({ titleId, organizationId, section, action, onCancel, onSaved }: Props) {
  const owners = useOwnerOptions(organizationId, action?.owner ?? null);
  const form = useForm<ActionFormValues, unknown, ActionAdd>({
    defaultValues: formValuesOf(action),
    // The same schema as organization/action/add, so the form refuses what the server would.
    resolver: schemaResolver(actionAddSchema, (values: ActionFormValues) => ({
      ...values,
      organizationId,
      sectionId: section.id,
    })),
  });
  const { save, pending, notice } = useSaveAction(onSaved);
  const { register, formState } = form;
  const errors = formState.errors;

  const submit = form.handleSubmit((body) =>
    action
      ? save(() => {
          const { organizationId: _, ...fields } = body;
          return actionsApi.update({ id: action.id, ...fields });
        }, actionTexts.updated)
      : save(() => actionsApi.add(body), actionTexts.added),
  );

  return (
    <DialogForm
      titleId={titleId}
      title={action ? 'Edit Action' : 'Add Action'}
      notice={notice}
      pending={pending}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <p className="smr-plan-dialog-area">
        Practice area: <strong>{section.name}</strong>
      </p>
      <TextField
        label="Title"
        required
        maxLength={ACTION_LIMITS.title}
        // The dialog opened to write the action: its first field takes the keyboard.
        autoFocus
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        hint="Optional: what will be done, and how the team will know it worked."
        maxLength={ACTION_LIMITS.description}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="smr-plan-dialog-row">
        <SelectField
          label="Owner"
          options={owners.options}
          placeholder={false}
          hint={owners.failed ? 'The organization’s people could not be loaded.' : undefined}
          error={errors.ownerId?.message}
          {...register('ownerId')}
        />
        <TextField
          label="Due date"
          type="date"
          min={ACTION_LIMITS.firstDueOn}
          max={ACTION_LIMITS.lastDueOn}
          hint="Optional."
          error={errors.dueOn?.message}
          {...register('dueOn')}
        />
      </div>
      <StatusFields form={form} />
    </DialogForm>
  );
}
