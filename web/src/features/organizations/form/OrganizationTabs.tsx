import { AssessmentType, OrganizationType, type RoadmapStatusCode } from '@domain/codes';
import type { OrganizationTarget } from '@domain/policies/organizations';
import { isNewRow } from '@domain/rules/organizations';
import type { AssessmentInviteView } from '@domain/schemas/organizationView';
import type { LookupItem } from '@web/api/lookups';
import { executiveSummaryName, reportCalls } from '@web/api/reports';
import { DownloadButton } from '@web/components/DownloadButton';
import { ACTION_PLAN_TAB } from '@web/lib/paths';
import type { ReactNode } from 'react';
import Tab from 'react-bootstrap/Tab';
import { ProgressTab } from '../insights/ProgressTab';
import { RoleAlignmentTab } from '../insights/RoleAlignmentTab';
import { DemographicsTab } from './DemographicsTab';
import { type InviteReminders, InvitesTab } from './InvitesTab';
import type { Change } from './OrganizationFields';
import { activeUserCount, type OrganizationDraft } from './organizationDraft';
import { ReportDownloadButton } from './ReportDownloadButton';
import { ReportSettingsTab } from './ReportSettingsTab';
import { ScrollingTabs } from './ScrollingTabs';
import type { FieldProblems } from './saveBody';
import { UsersTab } from './UsersTab';
import type { OrganizationAccess } from './useOrganizationAccess';

type Props = {
  draft: OrganizationDraft;
  change: Change;
  lookups: readonly LookupItem[] | undefined;
  access: OrganizationAccess;
  readOnly: boolean;
  /** Once a save was tried, invalid user rows show what is wrong. */
  showProblems: boolean;
  /** The roadmap status the form would save, which gates the invite tabs. */
  status: RoadmapStatusCode | null;
  benchmark: { label: string; pending: boolean; generate: () => void } | null;
  reports: {
    organizationId: number | null;
    organizationName: string;
    /** Whether the tab of this assessment type offers the organization's report. */
    offers: (assessmentType: number) => boolean;
    /** Each completed invite's own report; hidden when results are anonymized for the viewer. */
    perPerson: boolean;
    /** Executive Summary (PDF), offered with the current-state report (api/reports.ts). */
    executiveSummary: boolean;
  };
  /** The invites as saved, whose reminder counts the invite tabs show (the draft does not hold them). */
  savedInvites: readonly AssessmentInviteView[];
  /** Once a save was refused: the messages of the fields in the tabs. */
  errors: FieldProblems;
  /** Reads the saved invites again (after Send reminders now), keeping the draft. */
  reloadInvites: () => Promise<void>;
  tab: string | null;
  onTab: (tab: string | null) => void;
  /** A saved manufacturer's tabs of other features; the route table hands them in (see FeatureTab). */
  featureTabs?: FeatureTabs;
};

/**
 * Renders a tab of a saved manufacturer that belongs to another feature (the Action Plan, the Shared
 * Links). Features do not import each other, so the app's route table passes it to the organization
 * form; the tab decides what its viewer may do from the saved organization.
 */
export type FeatureTab = (organization: OrganizationTarget) => ReactNode;
export type FeatureTabs = { actionPlan?: FeatureTab; sharing?: FeatureTab };

const inviteTabs = [
  { key: 'current', title: 'Current State Assessment', assessmentType: AssessmentType.CurrentState },
  { key: 'future', title: 'Future State Assessment', assessmentType: AssessmentType.FutureState },
] as const;

/**
 * The tabs of docs/product.md#screens: Demographics, Report Settings and the two invite tabs for
 * manufacturers; Manage Users (active count) for whoever may handle this organization's users.
 */
export function OrganizationTabs(props: Props) {
  const { draft, change, lookups, access, readOnly, status, reports } = props;
  const manufacturer = draft.organization.type === OrganizationType.Manufacturer;
  // `live`: a view of saved figures with its own buttons, never disabled with the form's fields.
  const tabs: { key: string; title: string; content: ReactNode; live?: boolean }[] = [];
  if (manufacturer) {
    tabs.push({
      key: 'demographics',
      title: 'Demographics',
      content: (
        <DemographicsTab draft={draft} change={change} lookups={lookups} showProblems={props.showProblems} />
      ),
    });
  }
  if (access.managesUsers) {
    tabs.push({
      key: 'users',
      title: `Manage Users (${activeUserCount(draft)})`,
      content: (
        <UsersTab
          draft={draft}
          change={change}
          lookups={lookups}
          readOnly={readOnly}
          showProblems={props.showProblems}
        />
      ),
    });
  }
  if (manufacturer) {
    tabs.push({
      key: 'report',
      title: 'Report Settings',
      content: (
        <ReportSettingsTab
          draft={draft}
          change={change}
          editsAdminFields={access.editsAdminFields}
          readOnly={readOnly}
          benchmark={props.benchmark}
          errors={props.errors}
          organizationId={access.saved?.id ?? null}
          onRemindersSent={props.reloadInvites}
        />
      ),
    });
    const reminders = remindersByInvite(props.savedInvites);
    for (const { key, title, assessmentType } of inviteTabs) {
      tabs.push({
        key,
        title,
        content: (
          <InvitesTab
            draft={draft}
            change={change}
            assessmentType={assessmentType}
            status={status}
            readOnly={readOnly}
            exclusionFixed={!access.changesInviteExclusion}
            remindersOf={(inviteId) => reminders.get(inviteId)}
            reportDownload={
              reports.organizationId !== null && reports.offers(assessmentType) ? (
                <>
                  {assessmentType === AssessmentType.CurrentState && reports.executiveSummary ? (
                    <DownloadButton
                      {...reportCalls.executiveSummary(reports.organizationId)}
                      fallbackName={`${reports.organizationName} Executive Summary.pdf`}
                    >
                      {executiveSummaryName}
                    </DownloadButton>
                  ) : null}
                  <ReportDownloadButton
                    {...reportCalls.organization(reports.organizationId, assessmentType)}
                    fallbackName={`${reports.organizationName} ${title}.xlsx`}
                  />
                </>
              ) : undefined
            }
            rowReportDownload={
              // The column shows only where a person has a report to download.
              reports.perPerson &&
              draft.invites.some((i) => i.assessment.assessmentType === assessmentType && i.resultId !== null)
                ? (invite) =>
                    invite.resultId !== null && !isNewRow(invite.id) ? (
                      <ReportDownloadButton
                        {...reportCalls.result(invite.resultId)}
                        fallbackName={`${reports.organizationName} ${invite.respondent.fullName}.xlsx`}
                        label={`Download the report of ${invite.respondent.fullName}`}
                        size="sm"
                      />
                    ) : null
                : undefined
            }
          />
        ),
      });
    }
  }
  if (manufacturer && access.saved !== null) {
    tabs.push(...insightTabs(access.saved, props.featureTabs));
  }
  if (tabs.length === 0) return null;
  const active = tabs.some((t) => t.key === props.tab) ? props.tab : tabs[0]!.key;

  return (
    <ScrollingTabs activeKey={active ?? tabs[0]!.key} onSelect={props.onTab}>
      {tabs.map((t) => (
        <Tab key={t.key} eventKey={t.key} title={t.title}>
          {t.live ? (
            <div className="smr-org-tab">{t.content}</div>
          ) : (
            <fieldset disabled={readOnly} className="smr-entity-fields smr-org-tab">
              {t.content}
            </fieldset>
          )}
        </Tab>
      ))}
    </ScrollingTabs>
  );
}

/** Each saved invite's reminders so far, by invite id. */
function remindersByInvite(invites: readonly AssessmentInviteView[]): Map<number, InviteReminders> {
  return new Map(invites.map((i) => [i.id, { sent: i.remindersSent, lastOn: i.lastReminderOn }]));
}

type LiveTab = { key: string; title: string; content: ReactNode; live: true };

/**
 * Beyond the original tool (docs/product.md#insights): views of a saved manufacturer for whoever
 * reaches this page (admin, its consultant, its champion), the same people the server lets read them.
 * Views of saved figures with their own buttons: the overview shows them as they are in the form.
 */
function insightTabs(organization: OrganizationTarget, featureTabs: FeatureTabs = {}): LiveTab[] {
  const id = organization.id;
  const tabs: LiveTab[] = [
    {
      key: 'alignment',
      title: 'Role Alignment',
      content: <RoleAlignmentTab organizationId={id} />,
      live: true,
    },
    { key: 'progress', title: 'Progress', content: <ProgressTab organizationId={id} />, live: true },
  ];
  if (featureTabs.actionPlan) {
    tabs.push({
      key: ACTION_PLAN_TAB,
      title: 'Action Plan',
      content: featureTabs.actionPlan(organization),
      live: true,
    });
  }
  if (featureTabs.sharing) {
    tabs.push({
      key: 'sharing',
      title: 'Shared Links',
      content: featureTabs.sharing(organization),
      live: true,
    });
  }
  return tabs;
}

/** The overview's tabs: a saved manufacturer's insight views (docs/decisions.md#organizations-overview). */
export function InsightTabs(props: {
  organization: OrganizationTarget;
  featureTabs?: FeatureTabs;
  tab: string | null;
  onTab: (tab: string | null) => void;
}) {
  const tabs = insightTabs(props.organization, props.featureTabs);
  const active = tabs.some((t) => t.key === props.tab) ? (props.tab as string) : tabs[0]!.key;
  return (
    <ScrollingTabs activeKey={active} onSelect={props.onTab}>
      {tabs.map((t) => (
        <Tab key={t.key} eventKey={t.key} title={t.title}>
          <div className="smr-org-tab">{t.content}</div>
        </Tab>
      ))}
    </ScrollingTabs>
  );
}
