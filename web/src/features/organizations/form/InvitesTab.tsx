import { type RoadmapStatusCode, SELECT_PLACEHOLDER_TEXT } from '@domain/codes';
import { messages } from '@domain/messages';
import {
  canDeleteInvite,
  invitesEditable,
  invitesLockedMessage,
  isNewRow,
} from '@domain/rules/organizations';
import { formatDay } from '@web/components/formatDate';
import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import {
  addInvite,
  inviteCandidates,
  invitesOfType,
  markInviteSent,
  removeInvite,
  respondentOf,
  updateInvite,
} from './draftRows';
import { formatDate } from './formatDate';
import type { Change } from './OrganizationFields';
import { type InviteRow, isInviteModified, type OrganizationDraft } from './organizationDraft';
import { ResendInviteButton } from './ResendInviteButton';

type Props = {
  draft: OrganizationDraft;
  change: Change;
  assessmentType: number;
  /** The roadmap status as the form has it: the save is gated by the status it saves. */
  status: RoadmapStatusCode | null;
  readOnly: boolean;
  /** Saved invites' Exclude From Report cannot be changed (Anonymize Results, not an admin). */
  exclusionFixed?: boolean;
  /** The tab's Download Report button, once the report call exists. */
  reportDownload?: ReactNode;
  /** A row's Download Report button; with it the table gains that column. */
  rowReportDownload?: (invite: InviteRow) => ReactNode;
  /** A saved invite's reminders so far (docs/decisions.md#insights-reminders); with it, a Reminders column. */
  remindersOf?: (inviteId: number) => InviteReminders | undefined;
};

export type InviteReminders = { sent: number; lastOn: string | null };

/** How many reminders went, with the day of the last below it ('last 11/20/2026'), or 'None'. */
function RemindersSent({ reminders }: { reminders: InviteReminders }) {
  if (reminders.sent === 0) return 'None';
  return (
    <>
      <div>{reminders.sent}</div>
      {/* Its own line: a narrow column or a phone's card would break the date anywhere. */}
      {reminders.lastOn ? (
        <div className="smr-org-reminder-last">last {formatDay(reminders.lastOn)}</div>
      ) : null}
    </>
  );
}

const INSTRUCTIONS =
  'Tick Invite to e-mail an invite when you save. Resend Invite e-mails a saved invite again right away. ' +
  "Exclude From Report leaves that person's answers out of the organization's report.";

/**
 * An invite tab (docs/product.md#screens and docs/product.md#rules): the invites to one assessment, editable only while the
 * roadmap status allows; new invites have negative ids, a deleted saved one shows 'pending...'.
 */
export function InvitesTab(props: Props) {
  const { draft, change, assessmentType, status, readOnly, reportDownload, rowReportDownload, remindersOf } =
    props;
  const exclusionFixed = props.exclusionFixed ?? false;
  const editable = invitesEditable(assessmentType, status);
  const rows = invitesOfType(draft, assessmentType);
  const candidates = inviteCandidates(draft, assessmentType);
  // New users have negative ids, so the placeholder here is empty rather than -1.
  const [invitee, setInvitee] = useState('');
  const inviteeId = invitee === '' ? null : Number(invitee);
  const fixed = readOnly || !editable;

  return (
    <section className="smr-org-grid-section">
      {editable ? null : <Alert variant="info">{invitesLockedMessage(assessmentType)}</Alert>}
      {reportDownload ? <div className="smr-org-grid-tools">{reportDownload}</div> : null}
      <p className="smr-org-instructions">
        {INSTRUCTIONS}
        {exclusionFixed ? ` ${messages.organization.inviteExclusionAdminOnly}` : null}
      </p>
      {/* Not a disabled fieldset: that would also disable each person's Download Report, and reading a
          report changes nothing, so it stays available in a locked tab (docs/decisions.md#locked-invite-reports). */}
      <div className="smr-entity-fields">
        {rows.length === 0 ? (
          <p className="smr-org-grid-empty">{messages.organization.noInvites}</p>
        ) : (
          <div className="smr-org-grid-scroll">
            <table className="table smr-table smr-table-stack smr-org-grid">
              <thead>
                <tr>
                  <th scope="col">Invitee</th>
                  <th scope="col">Assessment</th>
                  <th scope="col">Invited On</th>
                  <th scope="col">Assessment Completed Date</th>
                  {remindersOf ? <th scope="col">Reminders</th> : null}
                  <th scope="col" className="smr-col-action">
                    Exclude From Report
                  </th>
                  {rowReportDownload ? <th scope="col">Download Report</th> : null}
                  <th scope="col" className="smr-col-action">
                    Delete
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((invite) => (
                  <InviteRowView
                    key={invite.id}
                    invite={invite}
                    draft={draft}
                    change={change}
                    exclusionFixed={exclusionFixed}
                    fixed={fixed}
                    reportDownload={rowReportDownload}
                    remindersOf={remindersOf}
                  />
                ))}
              </tbody>
            </table>
          </div>
        )}
        {fixed ? null : (
          <div className="smr-org-add-invite">
            <select
              className="form-select form-select-sm"
              aria-label="Invitee to add"
              value={invitee}
              disabled={candidates.length === 0}
              onChange={(e) => setInvitee(e.target.value)}
            >
              <option value="">{SELECT_PLACEHOLDER_TEXT}</option>
              {candidates.map((user) => (
                <option key={user.id} value={user.id}>
                  {user.fullName || user.userName || 'New user'}
                </option>
              ))}
            </select>
            <Button
              variant="outline-primary"
              size="sm"
              disabled={inviteeId === null}
              onClick={() => {
                if (inviteeId !== null) change((d) => addInvite(d, inviteeId, assessmentType));
                setInvitee('');
              }}
            >
              Add Invite
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}

type RowProps = {
  invite: InviteRow;
  draft: OrganizationDraft;
  change: Change;
  exclusionFixed: boolean;
  /** The tab is locked (roadmap status or a read-only form): nothing in the row may change. */
  fixed: boolean;
  reportDownload?: (invite: InviteRow) => ReactNode;
  remindersOf?: (inviteId: number) => InviteReminders | undefined;
};

function InviteRowView(props: RowProps) {
  const { invite, draft, change, exclusionFixed, fixed, reportDownload, remindersOf } = props;
  const person = respondentOf(draft, invite);
  const name = person.fullName || person.userName || 'New user';
  const saved = !isNewRow(invite.id);
  const rowClass = !invite.isActive
    ? 'smr-row-inactive'
    : isInviteModified(invite)
      ? 'smr-row-modified'
      : undefined;
  const set = (patch: Parameters<typeof updateInvite>[2]) => change((d) => updateInvite(d, invite.id, patch));
  return (
    <tr className={rowClass}>
      <td data-label="Invitee">
        <div>{name}</div>
        {person.userName ? <div className="smr-org-username">{person.userName}</div> : null}
      </td>
      <td data-label="Assessment">{invite.assessment.name}</td>
      <td data-label="Invited On">
        {invite.invitedOn ? (
          formatDate(invite.invitedOn)
        ) : (
          <label className="form-check mb-0">
            <input
              type="checkbox"
              className="form-check-input"
              disabled={fixed || !invite.isActive}
              checked={invite.sendInvite}
              onChange={(e) => set({ sendInvite: e.target.checked })}
            />
            <span className="form-check-label">Invite</span>
          </label>
        )}
      </td>
      <td data-label="Assessment Completed Date">
        {invite.completedOn ? (
          formatDate(invite.completedOn)
        ) : saved && invite.isActive ? (
          <ResendInviteButton
            inviteId={invite.id}
            disabled={fixed}
            onSent={(id) => change((d) => markInviteSent(d, id, new Date().toISOString()))}
          />
        ) : null}
      </td>
      {remindersOf ? (
        <td data-label="Reminders">
          {saved ? <RemindersSent reminders={remindersOf(invite.id) ?? { sent: 0, lastOn: null }} /> : null}
        </td>
      ) : null}
      <td data-label="Exclude From Report" className="smr-col-action">
        <input
          type="checkbox"
          className="form-check-input"
          aria-label={`Exclude ${name} from the report`}
          disabled={fixed || !invite.isActive || (saved && exclusionFixed)}
          title={saved && exclusionFixed ? messages.organization.inviteExclusionAdminOnly : undefined}
          checked={invite.excludeFromReport}
          onChange={(e) => set({ excludeFromReport: e.target.checked })}
        />
      </td>
      {reportDownload ? <td data-label="Download Report">{reportDownload(invite)}</td> : null}
      <td data-label="Delete" className="smr-col-action">
        {canDeleteInvite(invite) ? (
          <Button
            variant="outline-danger"
            size="sm"
            disabled={fixed}
            aria-label={`Delete the invite of ${name}`}
            onClick={() => change((d) => removeInvite(d, invite.id))}
          >
            Delete
          </Button>
        ) : invite.isActive ? null : (
          <span className="smr-pending">pending...</span>
        )}
      </td>
    </tr>
  );
}
