import { useQuery } from '@tanstack/react-query';
import {
  executiveSummaryName,
  myOrganizationReportsQuery,
  organizationReportName,
  reportCalls,
} from '@web/api/reports';
import { ButtonLink } from '@web/components/ButtonLink';
import { DownloadButton } from '@web/components/DownloadButton';
import { DownloadIcon, RoadmapIcon } from '@web/components/icons/icons';
import { paths } from '@web/lib/paths';
import './ManageRoadmapTile.css';

/**
 * The champion's roadmap tile (docs/product.md#screens): the way to Manage Roadmap, the roadmap's stage,
 * and the organization's reports where docs/product.md#rules-report-download offers them, decided as the
 * organization page decides (roadmap status and completed, included invites), with the executive
 * summary (PDF) beside the current-state report.
 */
export function ManageRoadmapTile() {
  const { data } = useQuery(myOrganizationReportsQuery);
  const organization = data?.organization;
  const organizationId = organization?.id ?? null;
  const status = organization?.roadmap?.status;
  const offered = data?.offered ?? [];
  const executiveSummary = data?.executiveSummary === true;

  return (
    <article className="smr-tile smr-roadmap-tile" aria-labelledby="tile-manage-roadmap">
      <div className="smr-tile-icon">
        <RoadmapIcon />
      </div>
      <h2 id="tile-manage-roadmap" className="smr-tile-title">
        Manage Roadmap
      </h2>
      <p className="smr-tile-text">Invite your team to assessments and follow your organization's roadmap.</p>
      {status ? (
        <p className="smr-roadmap-stage">
          <span className="smr-roadmap-stage-label">Roadmap stage</span>
          <strong className="smr-roadmap-stage-value">{status.name}</strong>
        </p>
      ) : null}
      {organizationId !== null && offered.length > 0 ? (
        <div className="smr-roadmap-reports">
          <h3 className="smr-roadmap-reports-title">Organization reports</h3>
          {offered.map((assessmentType) => {
            const name = organizationReportName(assessmentType);
            return (
              <DownloadButton
                key={assessmentType}
                {...reportCalls.organization(organizationId, assessmentType)}
                fallbackName={`${organization?.name ?? 'Organization'} ${name}.xlsx`}
                // The tile is narrow: the heading and the icon say 'download', screen readers hear it.
                label={`Download ${name}`}
                size="sm"
                icon={<DownloadIcon size={16} className="smr-btn-icon" />}
                className="smr-roadmap-report"
              >
                {name}
              </DownloadButton>
            );
          })}
          {executiveSummary ? (
            <DownloadButton
              {...reportCalls.executiveSummary(organizationId)}
              fallbackName={`${organization?.name ?? 'Organization'} Executive Summary.pdf`}
              label={`Download ${executiveSummaryName}`}
              size="sm"
              icon={<DownloadIcon size={16} className="smr-btn-icon" />}
              className="smr-roadmap-report"
            >
              {executiveSummaryName}
            </DownloadButton>
          ) : null}
        </div>
      ) : null}
      <ButtonLink to={paths.myOrganization} variant="primary" className="smr-tile-action">
        Manage Roadmap
      </ButtonLink>
    </article>
  );
}
