import { type ReactNode, useId } from 'react';

type Props = {
  icon?: ReactNode;
  title: string;
  /** Text under the heading. */
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
};

/** The card of a single-purpose form page (password change, sign-up, forgotten password...). */
export function FormCard({ icon, title, intro, children, className }: Props) {
  const titleId = useId();
  return (
    <section
      className={['smr-card smr-form-card', className ?? ''].join(' ').trim()}
      aria-labelledby={titleId}
    >
      {icon ? <div className="smr-form-card-icon">{icon}</div> : null}
      <h1 id={titleId} className="smr-form-card-title">
        {title}
      </h1>
      {intro ? <p className="smr-form-card-intro">{intro}</p> : null}
      {children}
    </section>
  );
}
