import { api } from '@web/api/client';

/** Reports a UI error to the server log (docs/product.md#calls-system); never fails the page. */
export function logClientError(details: string, loggedIn: boolean): void {
  const path = loggedIn ? 'system/log/private' : 'system/log/public';
  void api
    .post(
      path,
      { message: details.slice(0, 8000), url: window.location.href.slice(0, 2000) },
      { skipGlobal: true },
    )
    .catch(() => {
      // The error page is already showing; a failed report has nowhere better to go.
    });
}
