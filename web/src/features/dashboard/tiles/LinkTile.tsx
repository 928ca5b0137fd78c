import { ButtonLink } from '@web/components/ButtonLink';
import type { ReactNode } from 'react';

type Props = {
  icon: ReactNode;
  title: string;
  description: string;
  to: string;
  action: string;
};

/** A dashboard tile that leads somewhere: icon, title, one line, one button. */
export function LinkTile({ icon, title, description, to, action }: Props) {
  const headingId = `tile-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  return (
    <article className="smr-tile" aria-labelledby={headingId}>
      <div className="smr-tile-icon">{icon}</div>
      <h2 id={headingId} className="smr-tile-title">
        {title}
      </h2>
      <p className="smr-tile-text">{description}</p>
      <ButtonLink to={to} variant="primary" className="smr-tile-action">
        {action}
      </ButtonLink>
    </article>
  );
}
