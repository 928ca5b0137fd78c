import { UserStatus } from '@domain/codes';
import { messages } from '@domain/messages';
import {
  canEditAdminUserFields,
  canIssuePasscode,
  canResetCredentials,
  canSendUserInvite,
  type UserActor,
  userInviteLabel,
} from '@domain/policies/users';
import type { Envelope } from '@domain/schemas/common';
import type { UserView } from '@domain/schemas/user';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import { TimedAlert } from '@web/components/alerts/TimedAlert';
import { useInlineAlert } from '@web/components/alerts/useInlineAlert';
import { useCallback, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { userAdminApi } from './userAdminApi';

type Props = { user: UserView; actor: UserActor; reload: () => Promise<void> };
type Busy = 'invite' | 'passcode' | 'reset' | null;

const failureOf = (error: unknown) => (isHandled(error) ? null : (refusalMessage(error) ?? ''));

/**
 * The administrator's ways to let someone in (docs/product.md#roles, docs/product.md#rules and docs/product.md#messages): Send Invite or Re-send
 * Invite for a pending or visitor user not registered yet, Generate One Time Passcode and Reset Password
 * for anyone but oneself. The passcode stays on screen until dismissed, so it can be read out or copied.
 */
export function UserAccessCard({ user, actor, reload }: Props) {
  const titleId = useId();
  const notice = useInlineAlert();
  const [passcode, setPasscode] = useState<{ code: string } | { failure: string } | null>(null);
  const clearPasscode = useCallback(() => setPasscode(null), []);
  const [busy, setBusy] = useState<Busy>(null);

  const invites =
    canEditAdminUserFields(actor) &&
    canSendUserInvite({ status: user.status.enumValue, registrationComplete: user.registrationComplete });
  const credentials = canResetCredentials(actor, user);
  const passcodes = canIssuePasscode(actor, { ...user, status: user.status.enumValue });
  // The reset mail goes to someone who has a password and an address to receive it.
  const resets = credentials && Boolean(user.email) && Boolean(user.registrationComplete);
  if (!invites && !passcodes && !resets) return null;

  const act = (kind: Exclude<Busy, null>, action: () => Promise<void>) => async () => {
    setBusy(kind);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };
  const options = { skipGlobal: callerHandlesAllButSession };

  const sendInvite = act('invite', async () => {
    const resent = Boolean(user.approvalInviteDate);
    let envelope: Envelope | null = null;
    try {
      envelope = await userAdminApi.sendInvite(user.id, options);
    } catch (error) {
      const failure = failureOf(error);
      if (failure !== null) notice.show('danger', failure || messages.admin.sendInviteFailure);
      return;
    }
    if (!envelope?.isSuccess) {
      notice.show('danger', envelope?.message?.trim() || messages.admin.sendInviteFailure);
      return;
    }
    notice.show(
      'success',
      envelope.message?.trim() || (resent ? messages.account.inviteResent : messages.account.inviteSent),
      { timed: true },
    );
    // The banner and the button's label follow the new invite date.
    await reload();
  });

  const generatePasscode = act('passcode', async () => {
    const failed = (reason: string | null | undefined) =>
      setPasscode({ failure: [messages.users.otpFailure, reason?.trim()].filter(Boolean).join(' ') });
    setPasscode(null);
    try {
      const envelope = await userAdminApi.oneTimePasscode(user.id, options);
      if (envelope?.isSuccess && envelope.data) setPasscode({ code: envelope.data });
      else failed(envelope?.message);
    } catch (error) {
      const failure = failureOf(error);
      if (failure !== null) failed(failure);
    }
  });

  const resetPassword = act('reset', async () => {
    const failed = () => notice.show('danger', messages.users.adminResetFailure, { timed: true });
    try {
      const envelope = await userAdminApi.resetPassword(
        { userName: user.userName, email: user.email ?? '' },
        options,
      );
      if (envelope?.isSuccess) notice.show('success', messages.users.adminResetSent(user.email ?? ''));
      else failed();
    } catch (error) {
      if (failureOf(error) !== null) failed();
    }
  });

  const spinner = (kind: Busy) =>
    busy === kind ? <Spinner animation="border" size="sm" className="me-2" aria-hidden /> : null;

  return (
    <section className="smr-card smr-user-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="smr-user-card-title">
        Sign-in
      </h2>
      {user.status.enumValue === UserStatus.Pending && !user.approvalInviteDate ? (
        <p className="smr-user-card-text">Sending the invite approves this sign-up.</p>
      ) : null}
      {passcode === null ? null : 'code' in passcode ? (
        // Untimed: the administrator reads the code out or copies it before closing the notice.
        <TimedAlert variant="success" onClose={clearPasscode}>
          <PasscodeNotice code={passcode.code} />
        </TimedAlert>
      ) : (
        <TimedAlert variant="danger" timed onClose={clearPasscode}>
          {passcode.failure}
        </TimedAlert>
      )}
      {notice.element}
      <div className="smr-user-card-actions">
        {invites ? (
          <Button variant="primary" onClick={sendInvite} disabled={busy !== null}>
            {spinner('invite')}
            {userInviteLabel(user)}
          </Button>
        ) : null}
        {passcodes ? (
          <Button variant="outline-primary" onClick={generatePasscode} disabled={busy !== null}>
            {spinner('passcode')}
            Generate One Time Passcode
          </Button>
        ) : null}
        {resets ? (
          <Button variant="outline-primary" onClick={resetPassword} disabled={busy !== null}>
            {spinner('reset')}
            Reset Password
          </Button>
        ) : null}
      </div>
    </section>
  );
}

/** docs/product.md#messages's sentence, with the code set apart so it reads (and copies) unmistakably. */
function PasscodeNotice({ code }: { code: string }) {
  const text = messages.users.otpGenerated(code);
  const at = text.indexOf(code);
  return (
    <>
      {text.slice(0, at)}
      <strong className="smr-user-passcode">{code}</strong>
      {text.slice(at + code.length)}
    </>
  );
}
