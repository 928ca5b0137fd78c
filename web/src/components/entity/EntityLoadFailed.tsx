import { ButtonLink } from '../ButtonLink';
import { Page } from '../Page';

type Props = {
  title: string;
  /** Where Back goes. */
  returnTo: string;
  className?: string;
};

/** An entity screen whose item could not be loaded: its title and a way back (the alert says why). */
export function EntityLoadFailed({ title, returnTo, className }: Props) {
  return (
    <Page title={title} className={className}>
      <h1 className="smr-entity-title">{title}</h1>
      <div className="smr-form-actions smr-form-actions-start-only">
        <ButtonLink to={returnTo} variant="outline-secondary">
          Back
        </ButtonLink>
      </div>
    </Page>
  );
}
