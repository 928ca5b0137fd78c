import { championNextSteps } from '@domain/rules/dashboard';
import type {
  AdminDashboard,
  ChampionDashboard,
  Completion,
  ConsultantDashboard,
} from '@domain/schemas/dashboardView';
import { useQuery } from '@tanstack/react-query';
import { ChartIcon } from '@web/components/icons/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { dashboardFiguresQuery } from '../dashboardApi';
import { figureLinks } from '../figureLinks';
import './figures.css';

// The figures of the home page (docs/decisions.md#dashboard-figures): each number is a link to the
// list it counts, opened filtered to just those rows.

type FigureProps = {
  value: ReactNode;
  label: string;
  to: string;
  /** The figure asks for someone's action (more than none waiting, failed or needing attention). */
  alert?: boolean;
  /** Completion drawn as a bar under the figure: completed of total. */
  completion?: Completion;
};

function Figure({ value, label, to, alert, completion }: FigureProps) {
  const share = completion && completion.total > 0 ? completion.completed / completion.total : null;
  return (
    <li className="smr-figure-item">
      <Link to={to} className={`smr-figure${alert ? ' smr-figure-alert' : ''}`}>
        <span className="smr-figure-value">{value}</span>
        <span className="smr-figure-label">{label}</span>
        {share !== null ? (
          <span className="smr-figure-bar" aria-hidden="true">
            <span style={{ width: `${Math.round(share * 100)}%` }} />
          </span>
        ) : null}
      </Link>
    </li>
  );
}

const ofTotal = ({ completed, total }: Completion) => (total === 0 ? 'None' : `${completed} of ${total}`);

function AdminFigures({ data }: { data: AdminDashboard }) {
  return (
    <ul className="smr-figures">
      <Figure
        value={data.pendingSignUps}
        label="Pending sign-ups"
        to={figureLinks.pendingSignUps}
        alert={data.pendingSignUps > 0}
      />
      <Figure
        value={data.openInvites.current}
        label="Open Current State invites"
        to={figureLinks.openInvites.current}
      />
      <Figure
        value={data.openInvites.future}
        label="Open Future State invites"
        to={figureLinks.openInvites.future}
      />
      <Figure
        value={data.needingAttention.count}
        label="Manufacturers needing attention"
        to={figureLinks.needingAttention}
        alert={data.needingAttention.count > 0}
      />
      <Figure
        value={data.mailFailures}
        label="Mail failures"
        to={figureLinks.mailFailures}
        alert={data.mailFailures > 0}
      />
    </ul>
  );
}

function AttentionList({ manufacturers, count }: ConsultantDashboard['needingAttention']) {
  if (count === 0) return <p className="smr-figures-note">No manufacturer needs attention.</p>;
  return (
    <div className="smr-attention">
      <h3 className="smr-figures-subtitle">Needing attention</h3>
      <ul className="smr-attention-list">
        {manufacturers.map((m) => (
          <li key={m.id}>
            <Link to={figureLinks.manufacturer(m.id)}>{m.name}</Link>
            <span className="smr-attention-reasons">{m.reasons.join(' · ')}</span>
          </li>
        ))}
      </ul>
      {count > manufacturers.length ? (
        <Link to={figureLinks.needingAttention} className="smr-figures-more">
          All {count} manufacturers needing attention
        </Link>
      ) : null}
    </div>
  );
}

function ConsultantFigures({ data }: { data: ConsultantDashboard }) {
  return (
    <>
      <ul className="smr-figures">
        <Figure value={data.clients} label="Client manufacturers" to={figureLinks.portfolio} />
        <Figure
          value={data.needingAttention.count}
          label="Needing attention"
          to={figureLinks.needingAttention}
          alert={data.needingAttention.count > 0}
        />
        <Figure
          value={ofTotal(data.invites)}
          label="Invites completed"
          to={figureLinks.portfolio}
          completion={data.invites}
        />
      </ul>
      <AttentionList {...data.needingAttention} />
    </>
  );
}

function ChampionFigures({ data }: { data: ChampionDashboard }) {
  return (
    <>
      <ul className="smr-figures">
        <Figure
          value={ofTotal(data.invites.current)}
          label="Current State invites completed"
          to={figureLinks.myInvites}
          completion={data.invites.current}
        />
        <Figure
          value={ofTotal(data.invites.future)}
          label="Future State invites completed"
          to={figureLinks.myInvites}
          completion={data.invites.future}
        />
      </ul>
      <dl className="smr-next-step">
        <div>
          <dt>Roadmap stage</dt>
          <dd>{data.roadmapStatus?.name ?? 'Not started'}</dd>
        </div>
        <div>
          <dt>Your next step</dt>
          <dd>
            {championNextSteps[data.nextStep]} <Link to={figureLinks.myInvites}>Go to Manage Roadmap</Link>
          </dd>
        </div>
      </dl>
    </>
  );
}

/** The role's figures, from GET /api/dashboard; a tile for admins, consultants and champions. */
export function FiguresTile() {
  const figures = useQuery(dashboardFiguresQuery);
  const data = figures.data;
  return (
    <article className="smr-tile smr-figures-tile" aria-labelledby="tile-at-a-glance">
      <div className="smr-figures-header">
        <div className="smr-tile-icon">
          <ChartIcon />
        </div>
        <h2 id="tile-at-a-glance" className="smr-tile-title">
          At a Glance
        </h2>
      </div>
      {figures.isPending ? (
        <p className="smr-tile-text">Loading…</p>
      ) : figures.isError || !data ? (
        // Said in the tile, not announced: the rest of the home page works without the figures.
        <p className="smr-data-tile-error">The figures could not be read.</p>
      ) : data.role === 'admin' ? (
        <AdminFigures data={data} />
      ) : data.role === 'consultant' ? (
        <ConsultantFigures data={data} />
      ) : (
        <ChampionFigures data={data} />
      )}
    </article>
  );
}
