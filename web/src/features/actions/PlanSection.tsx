import { formatScore, formatScoreChange } from '@domain/rules/maturity';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActionView } from '@web/api/actions';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { ActionItem } from './ActionItem';
import { type PlanSection as Section, sectionActionsQuery } from './actionsApi';
import { actionCounts, followThroughWords } from './planWords';
import type { ActionAccess } from './useActionAccess';

/** An area shows this many actions at first; a longer list opens on request. */
const FIRST_TAKE = 25;
/** The most a list search takes at once. */
const MAX_TAKE = 10_000;

type Props = {
  organizationId: number;
  section: Section;
  access: ActionAccess;
  onAdd: (section: { id: number; name: string }) => void;
  onEdit: (action: ActionView) => void;
  onStatus: (action: ActionView) => void;
  onDelete: (action: ActionView) => void;
};

/** One practice area of the plan: its figures, gap and follow-through, then its actions by due date. */
export function PlanSection({ organizationId, section, access, onAdd, onEdit, onStatus, onDelete }: Props) {
  const headingId = useId();
  const [take, setTake] = useState(FIRST_TAKE);
  const actions = useQuery({
    ...sectionActionsQuery(organizationId, section.id, take),
    // Showing more keeps the list in view while the longer one loads.
    placeholderData: keepPreviousData,
  });
  const follow = section.followThrough ? followThroughWords[section.followThrough] : null;

  return (
    <section className="smr-card smr-plan-section" aria-labelledby={headingId}>
      <header className="smr-plan-section-head">
        <h3 id={headingId} className="smr-plan-section-title">
          {section.name}
        </h3>
        {access.manages ? (
          <Button
            size="sm"
            variant="primary"
            onClick={() => onAdd({ id: section.id, name: section.name })}
            className="smr-plan-add"
          >
            Add Action<span className="visually-hidden"> to {section.name}</span>
          </Button>
        ) : null}
      </header>
      <dl className="smr-plan-figures">
        <div>
          <dt>Current</dt>
          <dd>{formatScore(section.current)}</dd>
        </div>
        <div>
          <dt>Future</dt>
          <dd>{formatScore(section.future)}</dd>
        </div>
        <div>
          <dt>Gap</dt>
          <dd>{formatScoreChange(section.gap)}</dd>
        </div>
        <div>
          <dt>Actions</dt>
          <dd>{actionCounts(section.actions)}</dd>
        </div>
        {follow ? (
          <div className="smr-plan-follow">
            <dt>Follow-through</dt>
            <dd>
              <strong>{follow.label}</strong>
              <span className="smr-plan-follow-meaning"> {follow.meaning}</span>
            </dd>
          </div>
        ) : null}
      </dl>
      {actions.isPending ? (
        <p className="smr-plan-note" aria-busy="true">
          <Spinner animation="border" size="sm" className="me-2" aria-hidden />
          Loading actions…
        </p>
      ) : actions.isError ? (
        <p className="smr-plan-note">The actions of this practice area could not be loaded.</p>
      ) : actions.data.count === 0 ? (
        <p className="smr-plan-note">No actions for this practice area yet.</p>
      ) : (
        <>
          <ul className="smr-plan-actions" aria-label={`Actions of ${section.name}`}>
            {actions.data.data.map((action) => (
              <ActionItem
                key={action.id}
                action={action}
                manages={access.manages}
                changesStatus={access.changesStatus(action)}
                onEdit={() => onEdit(action)}
                onStatus={() => onStatus(action)}
                onDelete={() => onDelete(action)}
              />
            ))}
          </ul>
          {actions.data.count > actions.data.data.length ? (
            <Button
              size="sm"
              variant="outline-secondary"
              className="smr-plan-more"
              disabled={actions.isFetching}
              onClick={() => setTake(Math.min(actions.data.count, MAX_TAKE))}
            >
              Show all {actions.data.count} actions<span className="visually-hidden"> of {section.name}</span>
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
