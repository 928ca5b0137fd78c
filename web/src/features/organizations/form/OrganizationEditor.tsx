import { OrganizationType, organizationTypeNames } from '@domain/codes';
import { messages } from '@domain/messages';
import type {
  AssessmentInviteView,
  OrganizationUserView,
  OrganizationView,
} from '@domain/schemas/organizationView';
import type { LookupItem } from '@web/api/lookups';
import type { ConsultingFirmOption } from '@web/api/organizations';
import { offersExecutiveSummary, offersOrganizationReport } from '@web/api/reports';
import { ButtonLink } from '@web/components/ButtonLink';
import { ActionMenu, type ActionMenuItem } from '@web/components/entity/ActionMenu';
import type { ReturnState } from '@web/components/listPage/ListPage';
import { MessageDialog } from '@web/components/MessageDialog';
import { Page } from '@web/components/Page';
import { useAuth } from '@web/lib/auth/useAuth';
import { accessFor } from '@web/lib/routeAccess';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useLocation, useNavigate } from 'react-router';
import { OrganizationOverview } from '../overview/OrganizationOverview';
import { type Change, OrganizationFields } from './OrganizationFields';
import { OrganizationHeader } from './OrganizationHeader';
import { OrganizationOverviewPage } from './OrganizationOverviewPage';
import { type FeatureTabs, OrganizationTabs } from './OrganizationTabs';
import { draftFrom, reminderText } from './organizationDraft';
import { cancelTargetOf, organizationPath } from './organizationRoute';
import { benchmarkOffer, draftStatusCode } from './roadmapState';
import { fieldProblemsOf, saveProblems, toSaveBody } from './saveBody';
import { useOrganizationAccess } from './useOrganizationAccess';
import { useOrganizationActions } from './useOrganizationActions';
import './organizationForm.css';

type Props = {
  choosesType: boolean;
  organization: OrganizationView;
  users: readonly OrganizationUserView[];
  invites: readonly AssessmentInviteView[];
  lookups: readonly LookupItem[] | undefined;
  firms: readonly ConsultingFirmOption[] | undefined;
  tab: string | null;
  onTab: (tab: string | null) => void;
  reload: () => Promise<void>;
  reloadOrganization: () => Promise<void>;
  /** Refetches the invites only, keeping the draft (after Send reminders now). */
  reloadInvites: () => Promise<void>;
  featureTabs?: FeatureTabs;
  /** A saved organization opens on its overview; the form shows on Edit, and for a new one. */
};

/** docs/product.md#screens: 'Consulting Firm', 'Manufacturer', or 'Organization' for the other types. */
function titleOf(type: number | null): string {
  return type === OrganizationType.Consultant || type === OrganizationType.Manufacturer
    ? organizationTypeNames[type]
    : 'Organization';
}

/** The organization form: its fields, the tabs, the action menu, Cancel and Save. */
export function OrganizationEditor(props: Props) {
  const { organization: loaded, lookups, firms, choosesType } = props;
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const titleId = useId();
  const [draft, setDraft] = useState(() =>
    draftFrom({
      organization: loaded,
      users: props.users,
      invites: props.invites,
      selfId: user?.id ?? null,
      choosesType,
    }),
  );
  const change: Change = (edit) => setDraft(edit);
  // Problems show once a save was tried, and follow the edits from then on.
  const [tried, setTried] = useState(false);
  const type = draft.organization.type;
  const access = useOrganizationAccess(loaded, type);
  const actions = useOrganizationActions({
    reload: props.reload,
    reloadOrganization: props.reloadOrganization,
  });
  const readOnly = !loaded.isActive;
  const title = titleOf(type);
  const problems = tried ? saveProblems(toSaveBody(draft, lookups, window.location.origin)) : [];
  const fieldErrors = fieldProblemsOf(problems);
  // Each refused save moves focus to the summary, so a screen reader reads what to correct.
  const summary = useRef<HTMLDivElement>(null);
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) summary.current?.focus();
  }, [refusals]);
  const reminder = reminderText(draft);

  const benchmarkText = benchmarkOffer(access.role, loaded, props.invites);
  const benchmark = benchmarkText
    ? {
        label: benchmarkText,
        pending: actions.generatingBenchmark,
        generate: () => void actions.generateBenchmark(loaded.id ?? 0),
      }
    : null;
  const cancelTo = cancelTargetOf({
    role: access.role,
    type: type ?? loaded.type.enumValue,
    returnTo: (location.state as ReturnState | null)?.returnTo,
    accessOf: accessFor,
  });

  const menu: ActionMenuItem[] = [];
  if (loaded.id !== null && access.creates(loaded.type.enumValue)) {
    menu.push({
      label: `Add ${titleOf(loaded.type.enumValue)}`,
      onSelect: () => void navigate(organizationPath(loaded.type.enumValue, 'new')),
    });
  }
  if (benchmark) menu.push({ label: benchmark.label, onSelect: benchmark.generate });
  if (access.deactivates)
    menu.push({ label: 'Deactivate', danger: true, onSelect: () => actions.deactivate(loaded) });

  // A deactivated organization reads as text; an active one opens on its overview above the form
  // (docs/decisions.md#organizations-overview).
  if (loaded.id !== null && access.saved !== null && readOnly) {
    return (
      <OrganizationOverviewPage
        kind={title}
        organization={{ ...loaded, id: loaded.id }}
        target={access.saved}
        admin={access.editsAdminFields}
        backTo={cancelTo}
        menu={menu}
        tab={props.tab}
        onTab={props.onTab}
        featureTabs={props.featureTabs}
      >
        {actions.deactivationDialogs}
      </OrganizationOverviewPage>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const body = toSaveBody(draft, lookups, window.location.origin);
    if (saveProblems(body).length > 0 || type === null) {
      window.scrollTo(0, 0);
      setRefusals((n) => n + 1);
      return;
    }
    void actions.submit(loaded.id === null ? 'add' : 'update', body, type);
  };

  return (
    <Page title={title} className="smr-page-wide">
      <OrganizationHeader
        kind={title}
        name={loaded.id === null ? null : loaded.name}
        titleId={titleId}
        subtitle={loaded.id === null ? 'New item' : null}
        actions={<ActionMenu items={menu} />}
      />
      {loaded.id !== null && loaded.type.enumValue === OrganizationType.Manufacturer ? (
        <OrganizationOverview organizationId={loaded.id} />
      ) : null}

      {problems.length > 0 ? (
        <Alert variant="danger" className="smr-org-problems" ref={summary} tabIndex={-1}>
          <ul className="mb-0">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {reminder ? <Alert variant="warning">{reminder}</Alert> : null}

      <form className="smr-card smr-entity-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <fieldset className="smr-entity-fields">
          <OrganizationFields
            draft={draft}
            change={change}
            loaded={loaded}
            lookups={lookups}
            firms={firms}
            access={access}
            choosesType={choosesType}
            errors={fieldErrors}
          />
        </fieldset>
        <OrganizationTabs
          draft={draft}
          change={change}
          lookups={lookups}
          access={access}
          readOnly={false}
          showProblems={tried}
          status={draftStatusCode(draft, lookups, loaded)}
          benchmark={benchmark}
          reports={{
            organizationId: loaded.id,
            organizationName: loaded.name,
            offers: (assessmentType) => offersOrganizationReport(loaded, props.invites, assessmentType),
            perPerson: !access.seesAnonymized,
            executiveSummary: offersExecutiveSummary(loaded, props.invites),
          }}
          savedInvites={props.invites}
          errors={fieldErrors}
          reloadInvites={props.reloadInvites}
          tab={props.tab}
          onTab={props.onTab}
          featureTabs={props.featureTabs}
        />
        <div className="smr-form-actions">
          <ButtonLink to={cancelTo} variant="outline-secondary">
            Cancel
          </ButtonLink>
          <Button type="submit" variant="primary" disabled={actions.saving}>
            {actions.saving ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null}
            Save
          </Button>
        </div>
      </form>

      <MessageDialog
        title={messages.admin.saveErrorTitle}
        message={actions.saveError}
        onClose={actions.closeSaveError}
      />
      {actions.deactivationDialogs}
    </Page>
  );
}
