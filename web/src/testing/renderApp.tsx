import type { UserView } from '@domain/schemas/user';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateFunction,
  parsePath,
  useLocation,
  useNavigate,
} from 'react-router';
import { ticketStore } from '../api/ticketStore';
import { AuthProvider } from '../app/AuthProvider';
import { createQueryClient } from '../app/queryClient';
import { AppRoutes } from '../app/routes';

/** Where the app is, and a way to go elsewhere, as a test reads and drives it. */
type TestRouter = { state: { location: Location }; navigate: NavigateFunction };

/** Keeps `router` up to date with the rendered app's location and navigate function. */
function RouterProbe({ router }: { router: TestRouter }) {
  router.state.location = useLocation();
  router.navigate = useNavigate();
  return null;
}

/**
 * Renders the whole app (real routes, guard, layout) at `path`, logged in as `user` or anonymous.
 * Returns the router so tests can read where the app ended up.
 */
export function renderApp({
  path = '/',
  user = null,
  state,
}: {
  path?: string;
  user?: UserView | null;
  state?: unknown;
} = {}) {
  if (user) ticketStore.set({ token: 'test-token', user });
  else ticketStore.clear();
  // `state`: router state the link that led here handed on.
  const entry = state === undefined ? path : { ...parsePath(path), state };
  const router = { state: {} } as TestRouter;
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <MemoryRouter initialEntries={[entry]}>
          <RouterProbe router={router} />
          <AppRoutes />
        </MemoryRouter>
      </AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}

/** Renders one component with the app's query client and auth state, without routes or layout. */
export function renderWithClient(ui: ReactNode, { user = null }: { user?: UserView | null } = {}) {
  if (user) ticketStore.set({ token: 'test-token', user });
  else ticketStore.clear();
  const queryClient = createQueryClient();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{ui}</AuthProvider>
    </QueryClientProvider>,
  );
  return { ...view, queryClient };
}

/** A fetch stand-in answering JSON by path; unknown paths answer 404. */
export function fakeFetch(
  answers: Record<string, (init?: RequestInit) => { status?: number; body: unknown }>,
) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = String(input).replace(/^\/api\//, '');
    const answer = answers[path]?.(init) ?? { status: 404, body: { isSuccess: false, message: 'not found' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}
