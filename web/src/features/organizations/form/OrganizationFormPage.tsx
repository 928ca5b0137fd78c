import { OrganizationType } from '@domain/codes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lookupsQuery } from '@web/api/lookups';
import {
  type OrganizationSource,
  organizationFormKeys,
  organizationInvitesQuery,
  organizationQuery,
  organizationUsersQuery,
} from '@web/api/organizationForm';
import { consultingFirmsQuery } from '@web/api/organizations';
import { PageLoading } from '@web/components/PageLoading';
import { useCallback, useState } from 'react';
import { Navigate, useLocation, useParams, useSearchParams } from 'react-router';
import { OrganizationEditor } from './OrganizationEditor';
import { OrganizationLoadFailed } from './OrganizationLoadFailed';
import type { FeatureTabs } from './OrganizationTabs';
import { organizationLocationOf } from './organizationRoute';
import { useOrganizationAccess } from './useOrganizationAccess';

/**
 * /admin/organization/{id} ('mine', 'new' or a number) and /admin/organization/{type}/{id}: the
 * organization form of docs/product.md#screens, with its users and invites.
 */
export function OrganizationFormPage({ featureTabs }: { featureTabs?: FeatureTabs }) {
  const params = useParams();
  const { pathname } = useLocation();
  const where = organizationLocationOf(params);
  if (where === null) return <Navigate to="/404" replace />;
  // A new address (after adding, or from the action menu) is a new screen with a new draft.
  return (
    <OrganizationLoader
      key={pathname}
      source={where.source}
      choosesType={where.choosesType}
      featureTabs={featureTabs}
    />
  );
}

type LoaderProps = {
  source: OrganizationSource;
  choosesType: boolean;
  featureTabs: FeatureTabs | undefined;
};

function OrganizationLoader({ source, choosesType, featureTabs }: LoaderProps) {
  const queryClient = useQueryClient();
  const organization = useQuery(organizationQuery(source));
  const org = organization.data;
  const access = useOrganizationAccess(org, org?.type.enumValue ?? null);
  const saved = org?.id != null;
  const users = useQuery({
    ...organizationUsersQuery(source, org?.id ?? null),
    enabled: saved && access.managesUsers,
  });
  const invites = useQuery({
    ...organizationInvitesQuery(source, org?.id ?? null),
    enabled: saved && org?.type.enumValue === OrganizationType.Manufacturer,
  });
  const lookups = useQuery(lookupsQuery);
  const firms = useQuery(consultingFirmsQuery);
  // The draft is made once per load; after an update it is made again from what the server saved.
  const [version, setVersion] = useState(0);
  // `?tab=` opens the page on a tab, e.g. the Action Plan from the dashboard; unknown tabs open the first.
  const [searchParams] = useSearchParams();
  const [tab, setTab] = useState<string | null>(() => searchParams.get('tab'));

  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: organizationFormKeys.of(source) });
    setVersion((v) => v + 1);
  }, [queryClient, source]);
  const reloadOrganization = useCallback(
    () => queryClient.invalidateQueries({ queryKey: organizationQuery(source).queryKey }),
    [queryClient, source],
  );
  // The invites' key names the source, not the id; the draft stays, only the saved invites are read.
  const reloadInvites = useCallback(
    () => queryClient.invalidateQueries({ queryKey: organizationInvitesQuery(source, null).queryKey }),
    [queryClient, source],
  );

  // Calls not made (a blank organization has no users yet) are idle: nothing to wait for.
  const waiting = [organization, users, invites, lookups, firms].some(
    (q) => q.isPending && q.fetchStatus !== 'idle',
  );
  if (organization.isError || users.isError || invites.isError) return <OrganizationLoadFailed />;
  if (!org || waiting) return <PageLoading />;
  return (
    <OrganizationEditor
      key={version}
      choosesType={choosesType}
      organization={org}
      users={users.data?.data ?? []}
      invites={invites.data?.data ?? []}
      lookups={lookups.data}
      firms={firms.data}
      tab={tab}
      onTab={setTab}
      reload={reload}
      reloadOrganization={reloadOrganization}
      reloadInvites={reloadInvites}
      featureTabs={featureTabs}
    />
  );
}
