import { codeFromName } from '@domain/rules/content';
import { type SectionInput, sectionInputSchema } from '@domain/schemas/content';
import { EntityForm, type EntityFormContext, type EntityFormSetup } from '@web/components/entity/EntityForm';
import { schemaResolver } from '@web/components/entity/schemaResolver';
import { digitsOnly, filterAsTyped } from '@web/components/form/filterAsTyped';
import { TextAreaField } from '@web/components/form/TextAreaField';
import { TextField } from '@web/components/form/TextField';
import { RichTextField } from '@web/components/richText/RichTextField';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { SectionAdminView } from './sectionAdminApi';
import { sectionEntity } from './sectionEntity';

type SectionFormValues = {
  caption: string;
  code: string;
  displayOrder: string;
  captionPrevious: string;
  captionNext: string;
  description: string;
  helpContent: string;
  helpContentVideo: string;
};

const setup: EntityFormSetup<SectionAdminView, SectionFormValues, SectionInput> = {
  resolver: schemaResolver(sectionInputSchema),
  toValues: (item) => ({
    caption: item.caption ?? '',
    code: item.code ?? '',
    displayOrder: item.displayOrder === null ? '' : String(item.displayOrder),
    captionPrevious: item.captionPrevious ?? '',
    captionNext: item.captionNext ?? '',
    description: item.description ?? '',
    helpContent: item.helpContent ?? '',
    helpContentVideo: item.helpContentVideo ?? '',
  }),
  toBody: (input, item) => ({ ...input, id: item.id }),
};

/** /admin/section/{id}, /admin/section/new and /admin/section/copy/{parentId}. */
export function SectionFormPage() {
  return (
    <EntityForm entity={sectionEntity} setup={setup}>
      {(context) => <SectionFields {...context} />}
    </EntityForm>
  );
}

function SectionFields({
  form,
  mode,
  readOnly,
}: EntityFormContext<SectionAdminView, SectionFormValues, SectionInput>) {
  const {
    register,
    control,
    setValue,
    getFieldState,
    formState: { errors },
  } = form;

  // A new section's code follows its caption until the administrator writes one.
  const withCodeSuggestion = (field: UseFormRegisterReturn<'caption'>): UseFormRegisterReturn<'caption'> => ({
    ...field,
    onChange: (event) => {
      if (mode === 'new' && !getFieldState('code').isDirty) {
        setValue('code', codeFromName((event.target as HTMLInputElement).value));
      }
      return field.onChange(event);
    },
  });

  return (
    <>
      <Row>
        <Col md={9}>
          <TextField
            label="Caption"
            error={errors.caption?.message}
            {...withCodeSuggestion(register('caption'))}
          />
        </Col>
        <Col md={3}>
          <TextField
            label="Display Order"
            placeholder="Enter numeric value"
            inputMode="numeric"
            autoComplete="off"
            error={errors.displayOrder?.message}
            {...filterAsTyped(register('displayOrder'), digitsOnly)}
          />
        </Col>
        <Col md={4}>
          <TextField
            label="Code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            hint="Used in the assessment's address: lower-case letters, digits and dashes."
            error={errors.code?.message}
            {...register('code')}
          />
        </Col>
        <Col md={4}>
          <TextField
            label="Previous Button Caption"
            placeholder="Go Back"
            error={errors.captionPrevious?.message}
            {...register('captionPrevious')}
          />
        </Col>
        <Col md={4}>
          <TextField
            label="Next Button Caption"
            placeholder="Continue"
            error={errors.captionNext?.message}
            {...register('captionNext')}
          />
        </Col>
      </Row>
      <RichTextField control={control} name="description" label="Description" readOnly={readOnly} />
      <RichTextField control={control} name="helpContent" label="Help Content" readOnly={readOnly} />
      <TextAreaField
        label="Help Content Video"
        rows={3}
        spellCheck={false}
        placeholder="https://www.youtube.com/embed/… or <iframe src=…></iframe>"
        hint="An embed code or a video address from YouTube, Vimeo or Wistia. Other sources are removed on save."
        error={errors.helpContentVideo?.message}
        {...register('helpContentVideo')}
      />
    </>
  );
}
