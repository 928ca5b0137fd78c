import { messages } from '@domain/messages';
import type { UserView } from '@domain/schemas/user';
import { formatDate } from '@web/components/formatDate';

/**
 * docs/product.md#rules-invites-users: the date the invite went out, or the registration date once
 * the person set their password.
 */
export function InviteBanner({ user }: { user: UserView }) {
  const text = user.registrationComplete
    ? messages.users.registeredOn(formatDate(user.registrationComplete))
    : user.approvalInviteDate
      ? messages.users.invitedOn(formatDate(user.approvalInviteDate))
      : null;
  if (!text) return null;
  return <p className="alert alert-info smr-user-banner">{text}</p>;
}
