import { PRODUCT_NAME } from '../../domain/codes.js';

/** Every e-mail the product sends: a subject, a plain-text part and an HTML part. */
export type MailContent = { subject: string; text: string; html: string };

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** One layout for every message: greeting, paragraphs, an optional button, the product's name. */
function compose(options: {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  closing?: string;
}): MailContent {
  const { subject, greeting, paragraphs, action, closing } = options;
  const textParts = [greeting, ...paragraphs];
  if (action) textParts.push(`${action.label}: ${action.url}`);
  if (closing) textParts.push(closing);
  textParts.push(`-- \n${PRODUCT_NAME}`);
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#2d4a6e;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#5b6573">If the button does not work, open this address: <br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a></p>`
    : '';
  const html = `<!doctype html><html><body style="margin:0;background:#f3f4f7;font-family:Segoe UI,Helvetica,Arial,sans-serif;color:#1c2533">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#ffffff;border-radius:8px;padding:32px">
<tr><td><h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(PRODUCT_NAME)}</h1>
<p>${escapeHtml(greeting)}</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}${button}${closing ? `<p>${escapeHtml(closing)}</p>` : ''}
</td></tr></table><p style="font-size:12px;color:#5b6573">${escapeHtml(PRODUCT_NAME)}</p></td></tr></table></body></html>`;
  return { subject, text: `${textParts.join('\n\n')}\n`, html };
}

export const mailTemplates = {
  invite(p: { fullName: string; userName: string; url: string; days: number }): MailContent {
    return compose({
      subject: `You're invited to the ${PRODUCT_NAME}`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        `Your ${PRODUCT_NAME} account is ready. Your user name is ${p.userName}.`,
        `Follow the link below to confirm your user name and choose a password. The link works once and expires in ${p.days} days.`,
      ],
      action: { label: 'Accept the invitation', url: p.url },
    });
  },

  assessmentInvite(p: {
    fullName: string;
    userName: string;
    organization: string;
    assessment: string;
    url: string;
    /** For someone who has not chosen a password yet: the invitation link's lifetime in days. */
    registerDays: number | null;
  }): MailContent {
    const first = p.registerDays
      ? [
          `Your user name is ${p.userName}. Follow the link below to choose a password; your home page then shows the assessment, ready to start. The link works once and expires in ${p.registerDays} days.`,
        ]
      : [
          `Sign in with your user name ${p.userName} and start it from your home page, or follow the link below.`,
        ];
    return compose({
      subject: `Your ${p.assessment} in the ${PRODUCT_NAME}`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        `${p.organization} invites you to take the ${p.assessment} of the ${PRODUCT_NAME}: a set of questions about how your organization works today and where it is heading.`,
        ...first,
      ],
      action: { label: p.registerDays ? 'Choose a password and start' : 'Start the assessment', url: p.url },
    });
  },

  /** A reminder of an unanswered assessment invite (docs/decisions.md#insights-reminders). */
  inviteReminder(p: {
    fullName: string;
    userName: string;
    organization: string;
    assessment: string;
    url: string;
    /** '12 of 46 questions answered' for a started attempt, null when none is saved. */
    answered: string | null;
    /** For someone who has not chosen a password yet: the link's lifetime in days. */
    registerDays: number | null;
  }): MailContent {
    const where = p.answered
      ? `You have started it: ${p.answered}. Your answers are saved; pick up where you left off.`
      : 'It takes a short while, and your answers are saved as you go.';
    const how = p.registerDays
      ? `Your user name is ${p.userName}. Follow the link below to choose a password and start; the link works once and expires in ${p.registerDays} days.`
      : `Sign in with your user name ${p.userName}, or follow the link below.`;
    return compose({
      subject: `Reminder: your ${p.assessment} in the ${PRODUCT_NAME}`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [`${p.organization} is waiting for your answers to the ${p.assessment}.`, where, how],
      action: {
        label: p.registerDays
          ? 'Choose a password and start'
          : p.answered
            ? 'Continue the assessment'
            : 'Start the assessment',
        url: p.url,
      },
    });
  },

  /** A reminder of an action's due date, a week before it or once it has passed. */
  actionReminder(p: {
    fullName: string;
    organization: string;
    action: string;
    practiceArea: string;
    dueOn: string;
    overdue: boolean;
    url: string;
  }): MailContent {
    return compose({
      subject: p.overdue
        ? `Overdue: ${p.action} (${PRODUCT_NAME})`
        : `Due on ${p.dueOn}: ${p.action} (${PRODUCT_NAME})`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        p.overdue
          ? `The action "${p.action}" of ${p.organization}'s plan (${p.practiceArea}) was due on ${p.dueOn} and is still open.`
          : `The action "${p.action}" of ${p.organization}'s plan (${p.practiceArea}) is due on ${p.dueOn}.`,
        'Mark it done when it is, or give it a new date or a reason to defer it.',
      ],
      action: { label: 'Open my actions', url: p.url },
    });
  },

  resetPassword(p: { fullName: string; url: string; minutes: number }): MailContent {
    return compose({
      subject: `Reset your ${PRODUCT_NAME} password`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        'Someone, hopefully you, asked to reset the password of your account.',
        `Follow the link below to choose a new password. The link works once and expires in ${p.minutes} minutes.`,
      ],
      action: { label: 'Reset my password', url: p.url },
      closing: 'If you did not ask for this, you can ignore this e-mail: your password stays as it is.',
    });
  },

  confirmEmail(p: { fullName: string; changedBy: string; url: string; hours: number }): MailContent {
    return compose({
      subject: `Confirm your new ${PRODUCT_NAME} e-mail address`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        `${p.changedBy} gave this address for your ${PRODUCT_NAME} account.`,
        `Follow the link below to confirm it; until then your account keeps its old address. The link works once and expires in ${p.hours} hours.`,
      ],
      action: { label: 'Confirm this address', url: p.url },
      closing: 'If this is not your account, ignore this e-mail: nothing changes.',
    });
  },

  emailChangeNotice(p: { fullName: string; changedBy: string; newEmail: string }): MailContent {
    return compose({
      subject: `Your ${PRODUCT_NAME} e-mail address is being changed`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        `${p.changedBy} asked to change the e-mail address of your ${PRODUCT_NAME} account to ${p.newEmail}.`,
        'The change takes effect only when that address confirms it. If you did not expect this, tell your administrator at once.',
      ],
    });
  },

  /** To the old address when a change applied at once (an administrator's, a cleared address). */
  emailChangedNotice(p: { fullName: string; changedBy: string; newEmail: string | null }): MailContent {
    return compose({
      subject: `Your ${PRODUCT_NAME} e-mail address was changed`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        p.newEmail
          ? `${p.changedBy} changed the e-mail address of your ${PRODUCT_NAME} account to ${p.newEmail}.`
          : `${p.changedBy} removed the e-mail address of your ${PRODUCT_NAME} account.`,
        'This address no longer receives its messages, and links sent to it before no longer work. If you did not expect this, tell your administrator at once.',
      ],
    });
  },

  userNameReminder(p: { userNames: { fullName: string; userName: string }[]; url: string }): MailContent {
    return compose({
      subject: `Your ${PRODUCT_NAME} user name`,
      greeting: 'Hello,',
      paragraphs: [
        p.userNames.length === 1
          ? 'This e-mail address belongs to this account:'
          : 'This e-mail address belongs to these accounts:',
        ...p.userNames.map((u) => `${u.fullName}: user name ${u.userName}`),
      ],
      action: { label: 'Sign in', url: p.url },
      closing: 'If you did not ask for this, you can ignore this e-mail.',
    });
  },

  /** docs/decisions.md#users-name-probes: past the budget of 'taken' answers, a sign-up with a taken name is told here, not on screen. */
  signupNameTaken(p: { fullName: string; userName: string; url: string }): MailContent {
    return compose({
      subject: `Your ${PRODUCT_NAME} sign-up`,
      greeting: `Hello ${p.fullName},`,
      paragraphs: [
        `The user name ${p.userName} you chose is already taken, so no account was created.`,
        'Please sign up again with another user name.',
      ],
      action: { label: 'Sign up', url: p.url },
      closing: 'If you did not sign up, you can ignore this e-mail.',
    });
  },

  signupNotice(p: {
    fullName: string;
    userName: string;
    email: string;
    group: string;
    organization: string;
    url: string;
  }): MailContent {
    return compose({
      subject: `New ${PRODUCT_NAME} sign-up awaiting approval: ${p.fullName}`,
      greeting: 'Hello,',
      paragraphs: [
        `${p.fullName} (${p.email}) signed up as ${p.group} for ${p.organization}, with the user name ${p.userName}.`,
        'Review the account and send the invite to approve it.',
      ],
      action: { label: 'Review the account', url: p.url },
    });
  },
};
