import { messages } from '@domain/messages';
import { CheckboxField } from '@web/components/form/CheckboxField';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { RemindersPreview } from '../reminders/RemindersPreview';
import type { Change } from './OrganizationFields';
import { type OrganizationDraft, setAlias, updateOrganization } from './organizationDraft';
import { ReminderSettings } from './ReminderSettings';
import { remindersChanged } from './reminderFields';
import type { FieldProblems } from './saveBody';

type Props = {
  draft: OrganizationDraft;
  change: Change;
  /** Exclude from benchmark and Anonymize Results are the institute's to set (docs/product.md#permissions). */
  editsAdminFields: boolean;
  readOnly: boolean;
  /** Generate/Update Benchmark, when available (administrators, from current-state reporting on). */
  benchmark: { label: string; pending: boolean; generate: () => void } | null;
  /** Once a save was refused: the reminder numbers' messages. */
  errors: FieldProblems;
  /** The saved manufacturer's id, for who will be reminded; null while it is not saved. */
  organizationId: number | null;
  /** After Send reminders now: the invite tabs read their reminder counts again. */
  onRemindersSent: () => Promise<void>;
};

const m = messages.organization;

/** The Report Settings tab of a manufacturer (docs/product.md#screens). */
export function ReportSettingsTab(props: Props) {
  const { draft, change, editsAdminFields, readOnly, benchmark, organizationId } = props;
  const org = draft.organization;
  return (
    <>
      {editsAdminFields ? (
        <div className="smr-org-report-switches">
          <CheckboxField
            label={m.excludeFromBenchmark}
            checked={org.excludeFromBenchmark}
            onChange={(e) => change((d) => updateOrganization(d, { excludeFromBenchmark: e.target.checked }))}
          />
          <CheckboxField
            label={m.anonymizeResults}
            className="form-check mb-1"
            aria-describedby="smr-org-anonymize-hint"
            checked={org.anonymizeResults}
            onChange={(e) => change((d) => updateOrganization(d, { anonymizeResults: e.target.checked }))}
          />
          <p id="smr-org-anonymize-hint" className="form-text mt-0 mb-3">
            Hides user-identifying information in reports for consultants and champions.
          </p>
        </div>
      ) : null}
      {benchmark ? (
        <div className="smr-org-grid-tools smr-org-grid-tools-start">
          <Button
            variant="outline-primary"
            disabled={benchmark.pending || readOnly}
            onClick={benchmark.generate}
          >
            {benchmark.pending ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
            {benchmark.label}
          </Button>
        </div>
      ) : null}
      <ReminderSettings fields={org.reminders} change={change} errors={props.errors} />
      {organizationId === null ? null : (
        <RemindersPreview
          organizationId={organizationId}
          unsaved={remindersChanged(org.reminders, draft.savedReminders)}
          maxReminders={Number(draft.savedReminders.maxReminders)}
          readOnly={readOnly}
          onSent={props.onRemindersSent}
        />
      )}
      <h3 className="smr-org-subtitle">Functional Role Alias</h3>
      <p className="form-text mt-0">
        A blank alias means the role's own name is used. Give several roles the same alias to group their
        results.
      </p>
      <div className="smr-org-grid-scroll">
        <table className="table smr-table smr-table-stack smr-org-grid smr-org-aliases">
          <thead>
            <tr>
              <th scope="col">Functional Role</th>
              <th scope="col">Role Group / Alias</th>
            </tr>
          </thead>
          <tbody>
            {org.aliases.map((role) => (
              <tr key={role.id}>
                <td data-label="Functional Role">{role.name}</td>
                <td data-label="Role Group / Alias">
                  <input
                    className="form-control form-control-sm"
                    aria-label={`Alias of ${role.name}`}
                    placeholder={role.name}
                    maxLength={100}
                    value={role.alias}
                    onChange={(e) => change((d) => setAlias(d, role.id, e.target.value))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
