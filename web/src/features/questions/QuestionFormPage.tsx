import { needsChoices } from '@domain/rules/content';
import type { QuestionInput } from '@domain/schemas/content';
import { useQuery } from '@tanstack/react-query';
import { EntityForm, type EntityFormContext } from '@web/components/entity/EntityForm';
import { CheckboxField } from '@web/components/form/CheckboxField';
import { digitsOnly, filterAsTyped } from '@web/components/form/filterAsTyped';
import { SelectField } from '@web/components/form/SelectField';
import { TextAreaField } from '@web/components/form/TextAreaField';
import { TextField } from '@web/components/form/TextField';
import { RichTextField } from '@web/components/richText/RichTextField';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { useWatch } from 'react-hook-form';
import { ChoicesGrid } from './ChoicesGrid';
import { type QuestionAdminView, questionSectionsQuery } from './questionAdminApi';
import { questionEntity } from './questionEntity';
import {
  includesOtherChoice,
  inputTypeOptions,
  type QuestionFormValues,
  questionSetup,
  sectionOptions,
} from './questionFormValues';

/** /admin/question/{id}, /admin/question/new and /admin/question/copy/{parentId}. */
export function QuestionFormPage() {
  return (
    <EntityForm entity={questionEntity} setup={questionSetup} wide>
      {(context) => <QuestionFields {...context} />}
    </EntityForm>
  );
}

function QuestionFields({
  form,
  item,
  readOnly,
}: EntityFormContext<QuestionAdminView, QuestionFormValues, QuestionInput>) {
  const sections = useQuery(questionSectionsQuery);
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const [sectionId, inputTypeText, choices] = useWatch({
    control,
    name: ['section.id', 'inputType', 'choices'],
  });
  const inputType = Number(inputTypeText);
  const hasChoices = needsChoices(inputType);
  // Until an input type is chosen (a new question) the grid shows, empty: 'There are no choices.'
  const showsChoices = hasChoices || !(inputType > 0);

  return (
    <>
      <Row>
        <Col lg={6}>
          <SelectField
            label="Section"
            options={sectionOptions(sections.data, item.section)}
            error={errors.section?.message ?? errors.section?.id?.message}
            {...register('section.id')}
            value={sectionId}
          />
        </Col>
        <Col sm={7} lg={4}>
          <SelectField
            label="Input Type"
            options={inputTypeOptions(item.inputType)}
            error={errors.inputType?.message}
            {...register('inputType')}
            value={inputTypeText}
          />
        </Col>
        <Col sm={5} lg={2}>
          <TextField
            label="Display Order"
            placeholder="Enter numeric value"
            inputMode="numeric"
            autoComplete="off"
            error={errors.displayOrder?.message}
            {...filterAsTyped(register('displayOrder'), digitsOnly)}
          />
        </Col>
      </Row>
      <TextAreaField label="Caption" rows={2} error={errors.caption?.message} {...register('caption')} />
      <div className="smr-check-row">
        <CheckboxField label="Required" className="form-check" {...register('isRequired')} />
        <CheckboxField label="Omit Score" className="form-check" {...register('skipScore')} />
        {hasChoices ? (
          // Read-only (docs/product.md#rules-validation): it follows the choice marked Other. Other input types have
          // no choices, and the server keeps the flag off for them, so it is not offered there.
          <CheckboxField
            label="Include Other Choice"
            className="form-check"
            checked={includesOtherChoice(choices ?? [])}
            disabled
            readOnly
            title="Follows the choice marked Other."
          />
        ) : null}
      </div>
      {showsChoices ? <ChoicesGrid form={form} saved={item.choices ?? []} readOnly={readOnly} /> : null}
      <RichTextField control={control} name="description" label="Description" readOnly={readOnly} />
      <RichTextField control={control} name="helpContent" label="Help Content" readOnly={readOnly} />
    </>
  );
}
