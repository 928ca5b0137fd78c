import type { ReactNode } from 'react';
import { Link } from 'react-router';

type Props = {
  to: string;
  variant?: string;
  size?: 'sm' | 'lg';
  className?: string;
  children: ReactNode;
};

/** A router link styled as a Bootstrap button: navigation stays a link for assistive technology. */
export function ButtonLink({ to, variant = 'primary', size, className, children }: Props) {
  const classes = ['btn', `btn-${variant}`, size ? `btn-${size}` : '', className ?? ''].filter(Boolean);
  return (
    <Link to={to} className={classes.join(' ')}>
      {children}
    </Link>
  );
}
