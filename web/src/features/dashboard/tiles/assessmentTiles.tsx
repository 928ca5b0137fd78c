import { messages } from '@domain/messages';
import { useQuery } from '@tanstack/react-query';
import {
  completedAssessmentsQuery,
  latestResultQuery,
  pendingInvitesQuery,
  resultScoresQuery,
} from '@web/api/assessments';
import { reportCalls } from '@web/api/reports';
import { ButtonLink } from '@web/components/ButtonLink';
import { DownloadButton } from '@web/components/DownloadButton';
import { DownloadIcon } from '@web/components/icons/icons';
import { assessmentPaths, resumeState } from '@web/lib/paths';
import { format } from 'date-fns';
import { TileEmpty, TileError, TileFrame, TileLoading } from './TileFrame';
import { ChartIcon, ClipboardCheckIcon, ListCheckIcon } from './tileIcons';
import './assessmentTiles.css';

// The data tiles of docs/product.md#screens-dashboard: pending and completed assessments
// (manufacturers and champions) and the latest completed result (admins, consultants, visitors).
// A completed result offers its Excel report (docs/product.md#calls byid): it is the person's own.

const dateText = (iso: string | null | undefined) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? format(date, 'M/d/yyyy') : '';
};

type ReportResult = { id: number; assessment: { name: string }; completionDateTime: string };

/** The person's own report of a result; a failure says docs/product.md#messages's download message. */
function OwnReportButton({ result, size }: { result: ReportResult; size?: 'sm' }) {
  const name = result.assessment.name;
  return (
    <DownloadButton
      {...reportCalls.result(result.id)}
      fallbackName={`${name} ${dateText(result.completionDateTime).replaceAll('/', '-')}.xlsx`}
      label={`Download Report of ${name}`}
      size={size}
      icon={<DownloadIcon size={size ? 16 : 18} className="smr-btn-icon me-1" />}
    >
      Download Report
    </DownloadButton>
  );
}

/** How far a started assessment is: a bar with its words (the Resume button repeats the numbers). */
function DraftProgressBar({ answered, total }: { answered: number; total: number }) {
  const percent = total > 0 ? Math.round((answered / total) * 100) : 0;
  return (
    <div className="smr-tile-progress">
      <div className="smr-tile-progress-track" aria-hidden="true">
        <div className="smr-tile-progress-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="smr-tile-item-meta">
        {answered} of {total} questions answered
      </p>
    </div>
  );
}

/**
 * Assessments the user is invited to and has not answered: Start leads to the intro; a started one
 * offers Resume with its answered and total questions.
 */
export function PendingAssessmentsTile() {
  const invites = useQuery(pendingInvitesQuery);
  return (
    <TileFrame id="tile-pending-assessments" icon={<ClipboardCheckIcon />} title="Pending Assessments" wide>
      {invites.isPending ? (
        <TileLoading />
      ) : invites.isError ? (
        <TileError>{messages.assessment.inviteLoadFailure}</TileError>
      ) : invites.data.data.length === 0 ? (
        <TileEmpty>{messages.assessment.noAssessments('pending')}</TileEmpty>
      ) : (
        <ul className="smr-tile-list">
          {invites.data.data.map((invite) => (
            <li key={invite.id} className="smr-tile-item">
              <div className="smr-tile-item-text">
                <h3 className="smr-tile-item-title">{invite.assessment.name}</h3>
                {invite.assessment.description ? (
                  <p className="smr-tile-item-description">{invite.assessment.description}</p>
                ) : null}
                {invite.invitedOn ? (
                  <p className="smr-tile-item-meta">Invited {dateText(invite.invitedOn)}</p>
                ) : null}
                {invite.progress ? <DraftProgressBar {...invite.progress} /> : null}
              </div>
              <div className="smr-tile-item-actions">
                {invite.progress ? (
                  // Started (docs/decisions.md#assessments-resume): straight back to the open questions.
                  <ButtonLink to={assessmentPaths.take(invite.assessment.code)} state={resumeState} size="sm">
                    Resume ({invite.progress.answered} of {invite.progress.total})
                    <span className="visually-hidden"> {invite.assessment.name}</span>
                  </ButtonLink>
                ) : (
                  <ButtonLink to={assessmentPaths.intro(invite.assessment.code)} size="sm">
                    Start<span className="visually-hidden"> {invite.assessment.name}</span>
                  </ButtonLink>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </TileFrame>
  );
}

/**
 * Assessments the user has submitted, newest first: Retake while the roadmap's stage allows it
 * (docs/product.md#rules, decided by the server with domain/rules/roadmap.ts), View otherwise, and Results.
 */
export function CompletedAssessmentsTile() {
  const completed = useQuery(completedAssessmentsQuery);
  return (
    <TileFrame id="tile-completed-assessments" icon={<ListCheckIcon />} title="Completed Assessments" wide>
      {completed.isPending ? (
        <TileLoading />
      ) : completed.isError ? (
        <TileError>{messages.assessment.resultsLoadFailure}</TileError>
      ) : completed.data.data.length === 0 ? (
        <TileEmpty>{messages.assessment.noCompleted}</TileEmpty>
      ) : (
        <ul className="smr-tile-list">
          {completed.data.data.map((result) => {
            const name = result.assessment.name;
            return (
              <li key={result.id} className="smr-tile-item">
                <div className="smr-tile-item-text">
                  <h3 className="smr-tile-item-title">{name}</h3>
                  <p className="smr-tile-item-meta">Completed {dateText(result.completionDateTime)}</p>
                </div>
                <div className="smr-tile-item-actions">
                  {result.canRetake ? (
                    <ButtonLink
                      to={assessmentPaths.retake(result.assessment.code, result.id)}
                      size="sm"
                      variant="outline-primary"
                    >
                      Retake<span className="visually-hidden"> {name}</span>
                    </ButtonLink>
                  ) : (
                    <ButtonLink
                      to={assessmentPaths.view(result.assessment.code, result.id)}
                      size="sm"
                      variant="outline-primary"
                    >
                      View<span className="visually-hidden"> {name}</span>
                    </ButtonLink>
                  )}
                  <ButtonLink to={assessmentPaths.results(result.id)} size="sm">
                    Results<span className="visually-hidden"> of {name}</span>
                  </ButtonLink>
                  <OwnReportButton result={result} size="sm" />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </TileFrame>
  );
}

/** The user's latest completed result: its score and maturity level, the results and the report. */
export function LatestResultTile() {
  const latest = useQuery(latestResultQuery);
  const result = latest.data?.data[0];
  const scores = useQuery({
    ...resultScoresQuery(result?.id ?? 0, { tile: true }),
    enabled: result !== undefined,
  });
  const failed = latest.isError || scores.isError;
  return (
    <TileFrame id="tile-latest-result" icon={<ChartIcon />} title="Latest Result">
      {failed ? (
        <TileError>{messages.assessment.resultsLoadFailure}</TileError>
      ) : latest.isPending || (result && scores.isPending) ? (
        <TileLoading />
      ) : !result ? (
        <TileEmpty>{messages.assessment.noCompleted}</TileEmpty>
      ) : (
        <>
          <div className="smr-tile-text">
            <p className="smr-tile-item-title mb-1">{result.assessment.name}</p>
            <p className="smr-tile-item-meta">Completed {dateText(result.completionDateTime)}</p>
            {scores.data?.overall ? (
              <p className="smr-tile-score">
                <span className="smr-tile-score-value">{scores.data.overall.score.toFixed(1)}</span>
                <span className="smr-tile-score-level">{scores.data.overall.level}</span>
              </p>
            ) : (
              <p className="smr-tile-item-meta">No overall score.</p>
            )}
          </div>
          <div className="smr-tile-actions">
            <ButtonLink to={assessmentPaths.results(result.id)}>View Results</ButtonLink>
            <OwnReportButton result={result} />
          </div>
        </>
      )}
    </TileFrame>
  );
}
