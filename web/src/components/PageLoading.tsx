import Spinner from 'react-bootstrap/Spinner';

/** Shown while a lazily loaded page arrives. */
export function PageLoading() {
  return (
    <output className="smr-page-loading" aria-live="polite">
      <Spinner animation="border" role="presentation" />
      <span className="visually-hidden">Loading…</span>
    </output>
  );
}
