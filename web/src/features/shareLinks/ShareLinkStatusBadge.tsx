import { shareLinkStatus } from '@domain/rules/shareLinks';

const tones = { Active: 'text-bg-success', Expired: 'text-bg-secondary', Revoked: 'text-bg-danger' } as const;

/** Active, Expired or Revoked (domain/rules/shareLinks.ts), as a badge. */
export function ShareLinkStatusBadge({ link }: { link: { expiresOn: string; revoked: boolean } }) {
  const status = shareLinkStatus(link);
  return <span className={`badge ${tones[status]}`}>{status}</span>;
}
