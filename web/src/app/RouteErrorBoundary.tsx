import { Component, type ReactNode } from 'react';
import { type Location, useLocation } from 'react-router';
import { RouteErrorPage } from '../features/errors/RouteErrorPage';

type Props = { children: ReactNode; location: Location };
type State = { error: unknown; failed: boolean; location: Location };

/**
 * What a data router's errorElement did, for the routes of web/src/app/routes.tsx, which render in a
 * plain <BrowserRouter> (docs/decisions.md#web-declarative-router): a page that throws while
 * rendering (or whose chunk fails to load) shows the error page in its place, and the next navigation,
 * to anywhere or to the same address again (Retry), renders the page afresh.
 */
class Boundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Every navigation makes a new location object, even to the same address: that is the reset.
    if (props.location !== state.location)
      return { error: undefined, failed: false, location: props.location };
    return null;
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  return <Boundary location={useLocation()}>{children}</Boundary>;
}
