import { SELECT_PLACEHOLDER_VALUE } from '@domain/codes';
import { MIN_CERTIFICATION_YEAR, parseDateInput } from '@domain/rules/dates';
import {
  showsCertificationDate,
  showsWorkplaceFields,
  type UserFormMode,
  type UserInput,
  userFormSchema,
} from '@domain/schemas/account';
import type { UserDraftView, UserView } from '@domain/schemas/user';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver, ResolverResult } from 'react-hook-form';

/** A select showing '--Select One--'. */
export const NONE = String(SELECT_PLACEHOLDER_VALUE);
/** The Referred By option 'Other (please specify)'. */
export const REFERRED_BY_OTHER = 'other';

/**
 * What the user form's inputs hold: text, and select values as text (an id, an enum value or -1).
 * The resolver turns them into the UserInput the domain schema validates and the API takes.
 */
export type UserFormValues = {
  id: number | null;
  userName: string;
  fullName: string;
  email: string;
  phoneNumber: string;
  /** The group's enum value. */
  group: string;
  functionalRole: string;
  state: string;
  division: string;
  department: string;
  organization: { id: string; name: string; businessType: string };
  /** A consulting firm's id, REFERRED_BY_OTHER or NONE. */
  referredBy: string;
  /** The chosen firm's name, so a firm no longer listed (deactivated) still shows. */
  referredByName: string;
  referredByOther: string;
  /** yyyy-mm-dd, as a date input holds it. */
  lastCertificationDate: string;
  certificateNumber: string;
  additionalInfo: string;
  isSuspended: boolean;
  excludeFromReport: boolean;
};

export function emptyUserFormValues(): UserFormValues {
  return {
    id: null,
    userName: '',
    fullName: '',
    email: '',
    phoneNumber: '',
    group: NONE,
    functionalRole: NONE,
    state: NONE,
    division: NONE,
    department: '',
    organization: { id: NONE, name: '', businessType: NONE },
    referredBy: NONE,
    referredByName: '',
    referredByOther: '',
    lastCertificationDate: '',
    certificateNumber: '',
    additionalInfo: '',
    isSuspended: false,
    excludeFromReport: false,
  };
}

const idText = (ref: { id: number } | null | undefined) => (ref ? String(ref.id) : NONE);

/** A stored date as a date input's value; the zero date and other pre-2000 dates read as empty. */
function dateInputValue(text: string | null | undefined): string {
  const iso = text ? parseDateInput(text) : undefined;
  return iso && Number(iso.slice(0, 4)) >= MIN_CERTIFICATION_YEAR ? iso : '';
}

/** The form's values for a user the API presented, saved or not yet (admin/user/init and copy). */
export function userFormValuesFrom(user: UserView | UserDraftView): UserFormValues {
  return {
    id: user.id,
    userName: user.userName ?? '',
    fullName: user.fullName ?? '',
    email: user.email ?? '',
    phoneNumber: user.phoneNumber ?? '',
    group: user.group?.enumValue ? String(user.group.enumValue) : NONE,
    functionalRole: idText(user.functionalRole),
    state: idText(user.state),
    division: idText(user.division),
    department: user.department ?? '',
    organization: {
      id: idText(user.organization),
      name: user.organization?.name ?? '',
      businessType: idText(user.organization?.businessType),
    },
    referredBy: user.referredBy
      ? String(user.referredBy.id)
      : user.referredByOther
        ? REFERRED_BY_OTHER
        : NONE,
    referredByName: user.referredBy?.name ?? '',
    referredByOther: user.referredByOther ?? '',
    lastCertificationDate: dateInputValue(user.lastCertificationDate),
    certificateNumber: user.certificateNumber ?? '',
    additionalInfo: user.additionalInfo ?? '',
    isSuspended: user.isSuspended === true,
    excludeFromReport: user.excludeFromReport === true,
  };
}

const positive = (text: string) => {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const idRef = (text: string) => {
  const id = positive(text);
  return id === null ? null : { id };
};

/** The group chosen in the form, or undefined while the select shows '--Select One--'. */
export function groupOf(text: string | undefined): number | undefined {
  return positive(text ?? '') ?? undefined;
}

/**
 * The body the API takes (UserInput, before the schema's clean-up). Fields the mode or the group does
 * not show are left out or sent empty, so a value typed before the group changed is not saved.
 */
export function toUserInput(values: UserFormValues, mode: UserFormMode) {
  const group = groupOf(values.group);
  const workplace = showsWorkplaceFields(group);
  const firm = values.referredBy === REFERRED_BY_OTHER ? null : idRef(values.referredBy);
  const admin = mode === 'admin';
  return {
    id: values.id ?? undefined,
    userName: values.userName,
    fullName: values.fullName,
    email: values.email,
    phoneNumber: values.phoneNumber,
    group: group === undefined ? null : { enumValue: group },
    functionalRole: workplace ? idRef(values.functionalRole) : null,
    state: idRef(values.state),
    division: workplace ? idRef(values.division) : null,
    department: workplace ? values.department : null,
    organization: {
      id: positive(values.organization.id),
      // In admin mode the organization is chosen from the list; elsewhere it is known by its name.
      name: admin ? null : values.organization.name,
      businessType: idRef(values.organization.businessType),
    },
    ...(mode === 'profile'
      ? {}
      : { referredBy: firm, referredByOther: firm ? null : values.referredByOther }),
    ...(admin
      ? {
          lastCertificationDate: showsCertificationDate(group, mode) ? values.lastCertificationDate : null,
          certificateNumber: values.certificateNumber,
          additionalInfo: values.additionalInfo,
          isSuspended: values.isSuspended,
          excludeFromReport: values.excludeFromReport,
        }
      : {}),
  };
}

/** Validates the form with the domain's userFormSchema(mode); a valid form submits a UserInput. */
export function userFormResolver(mode: UserFormMode): Resolver<UserFormValues, unknown, UserInput> {
  const resolve = zodResolver(userFormSchema(mode));
  return async (values, context, options) =>
    (await resolve(
      toUserInput(values, mode) as Parameters<typeof resolve>[0],
      context,
      options as unknown as Parameters<typeof resolve>[2],
    )) as unknown as ResolverResult<UserFormValues, UserInput>;
}
