import { SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import { messages } from '@domain/messages';
import { type LookupItemInput, lookupItemInputSchema } from '@domain/schemas/content';
import { useQuery } from '@tanstack/react-query';
import { EntityForm, type EntityFormContext, type EntityFormSetup } from '@web/components/entity/EntityForm';
import { schemaResolver } from '@web/components/entity/schemaResolver';
import { digitsOnly, filterAsTyped } from '@web/components/form/filterAsTyped';
import { SelectField } from '@web/components/form/SelectField';
import { TextField } from '@web/components/form/TextField';
import Alert from 'react-bootstrap/Alert';
import { useWatch } from 'react-hook-form';
import { type LookupAdminView, lookupTypesFailureText, lookupTypesQuery } from './lookupAdminApi';
import { lookupEntity } from './lookupEntity';

type LookupFormValues = {
  name: string;
  /** The type's enum value, or -1 for '--Select One--'. */
  lookupType: string;
  displayOrder: string;
};

const setup: EntityFormSetup<LookupAdminView, LookupFormValues, LookupItemInput> = {
  resolver: schemaResolver(lookupItemInputSchema),
  toValues: (item) => ({
    name: item.name ?? '',
    lookupType: String(item.lookupType?.enumValue ?? SELECT_PLACEHOLDER_VALUE),
    displayOrder: item.displayOrder === null ? '' : String(item.displayOrder),
  }),
  toBody: (input, item) => ({
    id: item.id,
    name: input.name,
    lookupType: { enumValue: input.lookupType },
    displayOrder: input.displayOrder,
    // A copy gets a code of its own (from its name); an edited item keeps its code.
    code: item.id === null ? null : item.code,
    organizationType: item.organizationType,
  }),
};

/** /admin/lookup/{id}, /admin/lookup/new and /admin/lookup/copy/{parentId}. */
export function LookupFormPage() {
  return (
    <EntityForm entity={lookupEntity} setup={setup}>
      {(context) => <LookupFields {...context} />}
    </EntityForm>
  );
}

function LookupFields({ form, item }: EntityFormContext<LookupAdminView, LookupFormValues, LookupItemInput>) {
  const types = useQuery(lookupTypesQuery);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // Types may arrive after the item: a controlled select keeps the item's type shown.
  const lookupType = useWatch({ control, name: 'lookupType' });
  return (
    <>
      {types.isError ? <Alert variant="danger">{lookupTypesFailureText(types.error)}</Alert> : null}
      {item.isSystem ? (
        <Alert variant="info" className="smr-entity-note">
          {messages.admin.lookupIsSystem}
        </Alert>
      ) : null}
      <SelectField
        label="Lookup Type"
        options={(types.data ?? []).map((type) => ({ value: type.enumValue, label: type.name }))}
        error={errors.lookupType?.message}
        disabled={item.isSystem}
        {...register('lookupType')}
        value={lookupType}
      />
      <TextField
        label="Name"
        placeholder="Enter unique name"
        autoComplete="off"
        error={errors.name?.message}
        {...register('name')}
      />
      <TextField
        label="Display Order"
        placeholder="Enter numeric value"
        inputMode="numeric"
        autoComplete="off"
        error={errors.displayOrder?.message}
        {...filterAsTyped(register('displayOrder'), digitsOnly)}
      />
    </>
  );
}
