// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Alert from 'react-bootstrap/Alert';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TimedAlert } from './TimedAlert';

afterEach(cleanup);

describe('TimedAlert', () => {
  it.each([
    ['danger', undefined, 'alert'],
    ['success', 'mb-3', 'status'],
    ['warning', undefined, 'status'],
  ] as const)('draws a %s alert exactly as react-bootstrap did', (variant, className, role) => {
    const ours = render(
      <TimedAlert variant={variant} className={className} onClose={() => {}}>
        Saved <b>now</b>
      </TimedAlert>,
    );
    const theirs = render(
      <Alert variant={variant} dismissible onClose={() => {}} className={className} role={role}>
        Saved <b>now</b>
      </Alert>,
    );
    expect(ours.container.innerHTML).toBe(theirs.container.innerHTML);
  });

  it('closes on its button', () => {
    const onClose = vi.fn();
    render(
      <TimedAlert variant="danger" onClose={onClose}>
        Failed
      </TimedAlert>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Close alert' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe('Failed');
  });
});
