import type { ReactNode } from 'react';

type Props = {
  icon: ReactNode;
  title: string;
  tone?: 'neutral' | 'danger' | 'warning';
  children?: ReactNode;
  actions?: ReactNode;
};

/** A centred card for whole-page messages: not found, not permitted, errors. */
export function MessagePanel({ icon, title, tone = 'neutral', children, actions }: Props) {
  return (
    <section className={`smr-message-panel smr-tone-${tone}`} aria-labelledby="smr-message-title">
      <div className="smr-message-icon">{icon}</div>
      <h1 id="smr-message-title" className="smr-message-title">
        {title}
      </h1>
      {children ? <div className="smr-message-body">{children}</div> : null}
      {actions ? <div className="smr-message-actions">{actions}</div> : null}
    </section>
  );
}
