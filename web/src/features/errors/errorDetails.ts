import { isRouteErrorResponse } from 'react-router';

/** A one-line description of whatever was thrown, for the error page's details. */
export function errorDetails(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    const text = typeof error.data === 'string' ? error.data : error.statusText;
    return [error.status, text].filter(Boolean).join(' ');
  }
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  if (error === null || error === undefined) return 'No further details are available.';
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}
