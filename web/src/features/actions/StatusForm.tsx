import { actionTexts } from '@domain/rules/actions';
import type { ActionView } from '@web/api/actions';
import { schemaResolver } from '@web/components/entity/schemaResolver';
import { useForm } from 'react-hook-form';
import { type ActionFormValues, formValuesOf, type StatusChange, statusChangeSchema } from './actionForm';
import { actionsApi } from './actionsApi';
import { DialogForm } from './DialogForm';
import { StatusFields } from './StatusFields';
import { useSaveAction } from './useSaveAction';

type Props = {
  titleId: string;
  action: ActionView;
  onCancel: () => void;
  onSaved: (message: string) => void;
};

/** A plain member's own action: only where it stands and why, as the server lets them change it. */
export function StatusForm({ titleId, action, onCancel, onSaved }: Props) {
  const form = useForm<ActionFormValues, unknown, StatusChange>({
    defaultValues: formValuesOf(action),
    resolver: schemaResolver(statusChangeSchema),
  });
  const { save, pending, notice } = useSaveAction(onSaved);
  const submit = form.handleSubmit((change) =>
    save(() => actionsApi.update({ id: action.id, ...change }), actionTexts.updated),
  );
  return (
    <DialogForm
      titleId={titleId}
      title="Update Status"
      notice={notice}
      pending={pending}
      onSubmit={(event) => void submit(event)}
      onCancel={onCancel}
    >
      <p className="smr-plan-dialog-area">
        <strong>{action.title}</strong>
        <br />
        Practice area: {action.sectionName}
      </p>
      <StatusFields form={form} />
    </DialogForm>
  );
}
