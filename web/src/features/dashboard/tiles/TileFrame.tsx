import type { ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import './assessmentTiles.css';

// The frame and states of the dashboard's data tiles (assessments, results, actions): each tells its
// own loading, failure and empty state, so one failed call leaves the other tiles as they are.

type FrameProps = {
  id: string;
  icon: ReactNode;
  title: string;
  wide?: boolean;
  children: ReactNode;
};

export function TileFrame({ id, icon, title, wide = false, children }: FrameProps) {
  return (
    <article className={`smr-tile smr-data-tile${wide ? ' smr-tile-wide' : ''}`} aria-labelledby={id}>
      <div className="smr-tile-icon">{icon}</div>
      <h2 id={id} className="smr-tile-title">
        {title}
      </h2>
      {children}
    </article>
  );
}

export function TileLoading() {
  return (
    <output className="smr-data-tile-loading">
      <Spinner animation="border" size="sm" role="presentation" />
      <span className="visually-hidden">Loading…</span>
    </output>
  );
}

export const TileError = ({ children }: { children: string }) => (
  <p className="smr-data-tile-error" role="alert">
    {children}
  </p>
);

export const TileEmpty = ({ children }: { children: string }) => <p className="smr-tile-text">{children}</p>;
