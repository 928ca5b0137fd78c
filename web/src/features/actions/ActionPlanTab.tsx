import type { OrganizationTarget } from '@domain/policies/organizations';
import { useQuery } from '@tanstack/react-query';
import type { ActionView } from '@web/api/actions';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';
import { useId, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { ActionDialog, type Editing } from './ActionDialog';
import { planQuery } from './actionsApi';
import { PlanSection } from './PlanSection';
import { useActionAccess } from './useActionAccess';
import { useDeleteAction } from './useDeleteAction';
import './actions.css';

type Props = {
  organization: OrganizationTarget;
  /** The tab's heading; the plan's own page has the plan's name as its main heading already. */
  title?: string;
};

/**
 * A manufacturer's Action Plan (docs/decisions.md#insights-actions): its practice areas, largest gap
 * first, each with its figures and actions. Those who manage the plan add, edit and delete actions;
 * the plain member who owns one updates where it stands.
 */
export function ActionPlanTab({ organization, title = 'Action Plan' }: Props) {
  const id = useId();
  const access = useActionAccess(organization);
  const plan = useQuery({ ...planQuery(organization.id), enabled: access.reads });
  const notice = useInlineAlert();
  const [dialog, setDialog] = useState<{ editing: Editing | null; opening: number; show: boolean }>({
    editing: null,
    opening: 0,
    show: false,
  });
  const open = (editing: Editing) => setDialog((d) => ({ editing, opening: d.opening + 1, show: true }));
  const remove = useDeleteAction(({ ok, message }) =>
    notice.show(ok ? 'success' : 'danger', message, { timed: ok }),
  );

  return (
    <section className="smr-plan" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="smr-plan-title">
        {title}
      </h2>
      <p className="smr-plan-intro">
        The practice areas with the largest gap between the current and the future state come first. Each
        action has an owner among the organization’s people and a due date; an action still open after its due
        date is marked Overdue.
      </p>
      {notice.element}
      {!access.reads ? (
        <p className="smr-plan-message">You cannot see this organization’s action plan.</p>
      ) : plan.isPending ? (
        <p className="smr-plan-note" aria-busy="true">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden />
          Loading the action plan…
        </p>
      ) : plan.isError ? (
        <p className="smr-plan-message">The action plan could not be loaded.</p>
      ) : plan.data.sections.length === 0 ? (
        <p className="smr-plan-message">
          There are no practice areas yet: they come from the current-state assessment.
        </p>
      ) : (
        plan.data.sections.map((section) => (
          <PlanSection
            key={section.id}
            organizationId={organization.id}
            section={section}
            access={access}
            onAdd={(area) => open({ kind: 'add', section: area })}
            onEdit={(action: ActionView) => open({ kind: 'edit', action })}
            onStatus={(action: ActionView) => open({ kind: 'status', action })}
            onDelete={remove.ask}
          />
        ))
      )}
      <ActionDialog
        organizationId={organization.id}
        editing={dialog.editing}
        opening={dialog.opening}
        show={dialog.show}
        onClose={() => setDialog((d) => ({ ...d, show: false }))}
        onExited={() => setDialog((d) => ({ ...d, editing: null }))}
        onSaved={(message) => notice.show('success', message, { timed: true })}
      />
      {remove.element}
    </section>
  );
}
