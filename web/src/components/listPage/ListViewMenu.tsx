import type { ReactNode } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { Link, useLocation } from 'react-router';
import './listViews.css';

export type ListViewEntry =
  | {
      kind: 'link';
      to: string;
      /** What the item reads. */
      label: string;
      /** Said before the label to screen readers when a header gives the context ('Current State'). */
      context?: string;
    }
  | { kind: 'header'; label: string };

type Props = {
  /** Names the menu for assistive technology, e.g. 'Invite lists'. */
  name: string;
  entries: readonly ListViewEntry[];
  /** The button's text: the view shown now. */
  current: string;
};

/**
 * A dropdown of the other views of a list (all, expired, inactive...). Each view is a link, so it can
 * be opened in a new tab; the one shown is marked as the current page.
 */
export function ListViewMenu({ name, entries, current }: Props) {
  const { pathname } = useLocation();
  return (
    <Dropdown className="smr-list-view-menu">
      {/* 'Show' tells sighted users what the button is for; its accessible name says the same. */}
      <span className="smr-list-view-label" aria-hidden="true">
        Show
      </span>
      <Dropdown.Toggle variant="outline-primary" aria-label={`${name}: ${current}`}>
        {current}
      </Dropdown.Toggle>
      <Dropdown.Menu>
        {entries.map((entry) =>
          entry.kind === 'header' ? (
            <Dropdown.Header key={`header:${entry.label}`} as="div" role="presentation">
              {entry.label}
            </Dropdown.Header>
          ) : (
            <Dropdown.Item
              key={entry.to}
              as={Link}
              to={entry.to}
              active={entry.to.toLowerCase() === pathname.toLowerCase()}
              aria-current={entry.to.toLowerCase() === pathname.toLowerCase() ? 'page' : undefined}
              className={entry.context ? 'smr-list-view-indented' : undefined}
            >
              {entry.context ? <span className="visually-hidden">{entry.context} </span> : null}
              {entry.label}
            </Dropdown.Item>
          ),
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}

/** The row above a list's table: the views menu at the start, buttons such as 'Download CSV' at the end. */
export function ListViewsBar({ start, end }: { start?: ReactNode; end?: ReactNode }) {
  if (!start && !end) return null;
  return (
    <div className="smr-list-views">
      {start ?? null}
      {end ? <div className="smr-list-views-end">{end}</div> : null}
    </div>
  );
}
