import type { ReactNode } from 'react';

/**
 * The organization page's header (docs/decisions.md#organizations-overview): the kind of page
 * (Consulting Firm, Manufacturer or Organization) as a heading above the organization's name, the
 * page's main heading; a new organization has no name yet, so its kind is the main heading.
 */
export function OrganizationHeader(props: {
  kind: string;
  name: string | null;
  titleId: string;
  subtitle: string | null;
  actions: ReactNode;
}) {
  const { kind, name, titleId } = props;
  return (
    <header className="smr-entity-header">
      <div className="smr-org-heading">
        {name ? (
          <>
            <h2 className="smr-org-kind">{kind}</h2>
            <h1 id={titleId} className="smr-entity-title">
              {name}
            </h1>
          </>
        ) : (
          <h1 id={titleId} className="smr-entity-title">
            {kind}
          </h1>
        )}
        {props.subtitle ? <p className="smr-entity-subtitle">{props.subtitle}</p> : null}
      </div>
      <div className="smr-entity-header-actions">{props.actions}</div>
    </header>
  );
}
