import type { ReactNode } from 'react';
import Container from 'react-bootstrap/Container';
import { usePageTitle } from './usePageTitle';

type Props = {
  /** The tab title; the visible heading is the page's own. */
  title: string;
  children: ReactNode;
  /** Narrow column for forms and messages. */
  narrow?: boolean;
  className?: string;
};

/** The frame of every page: title, width and vertical rhythm. */
export function Page({ title, children, narrow = false, className }: Props) {
  usePageTitle(title);
  return (
    <Container className={['smr-page', narrow ? 'smr-page-narrow' : '', className ?? ''].join(' ').trim()}>
      {children}
    </Container>
  );
}
