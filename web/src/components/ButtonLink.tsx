import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  to: string;
  variant?: string;
  size?: 'sm' | 'lg';
  className?: string;
  /** Router state handed to the next page (e.g. where to come back to). */
  state?: unknown;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
  children: ReactNode;
};

/** A router link styled as a Bootstrap button: navigation stays a link for assistive technology. */
export function ButtonLink({ to, variant = 'primary', size, className, state, replace, children }: Props) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : '', className ?? ''].filter(Boolean);
  return (
    <Link to={to} state={state} replace={replace} className={classes.join(' ')}>
      {children}
    </Link>
  );
}
