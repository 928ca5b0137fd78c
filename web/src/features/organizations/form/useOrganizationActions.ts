import { messages } from '@domain/messages';
import type { OrganizationView } from '@domain/schemas/organizationView';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isHandled, refusalMessage } from '@web/api/client';
import { type OrganizationSaveBody, organizationFormApi } from '@web/api/organizationForm';
import { useAlerts } from '@web/components/alerts/useAlerts';
import { useConfirmedRemoval } from '@web/components/entity/useConfirmedRemoval';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { organizationListPath, organizationPath } from './organizationRoute';

type Options = {
  /** Refetches what the form shows and makes a new draft of it (after an update). */
  reload: () => Promise<void>;
  /** Refetches the organization only, keeping the draft (after a benchmark). */
  reloadOrganization: () => Promise<void>;
};

/** Lists and pickers of organizations go stale with any change; they refetch when next shown. */
const organizationsKey = ['organizations'] as const;

/**
 * Save, Generate/Update Benchmark and Deactivate, with the outcomes of docs/product.md#rules and docs/product.md#messages:
 * 'Item was saved.' then the new id's page (add) or a reload (update); the 'Save Error' dialog for a
 * refusal; 'Item was deactivated' then the type's list.
 */
export function useOrganizationActions({ reload, reloadOrganization }: Options) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<string | null>(null);
  const m = messages.organization;

  const save = useMutation({
    mutationFn: ({ call, body }: { call: 'add' | 'update'; body: OrganizationSaveBody }) =>
      organizationFormApi.save(call, body),
  });

  const submit = async (call: 'add' | 'update', body: OrganizationSaveBody, type: number) => {
    try {
      const envelope = await save.mutateAsync({ call, body });
      if (!envelope?.isSuccess) {
        setSaveError(m.saveFailure(envelope?.message?.trim() ?? ''));
        return;
      }
      void queryClient.invalidateQueries({ queryKey: organizationsKey, refetchType: 'none' });
      // The server's text may add that some invite mails could not go.
      const saved = envelope.message?.trim() || messages.admin.saved;
      if (call === 'add' && envelope.data?.id != null) {
        alerts.success(saved, { keepOnNavigation: true });
        await navigate(organizationPath(type, envelope.data.id), { replace: true });
      } else {
        alerts.success(saved);
        await reload();
      }
    } catch (error) {
      if (isHandled(error)) return;
      const refusal = refusalMessage(error);
      if (refusal) setSaveError(m.saveFailure(refusal));
      else alerts.error(messages.admin.saveFailure);
    }
  };

  const benchmark = useMutation({
    mutationFn: (organizationId: number) => organizationFormApi.generateBenchmark(organizationId),
  });
  const generateBenchmark = async (organizationId: number) => {
    try {
      const envelope = await benchmark.mutateAsync(organizationId);
      if (envelope?.isSuccess) alerts.success(m.benchmarkGenerated);
      else alerts.error(m.benchmarkFailure);
    } catch (error) {
      if (!isHandled(error)) alerts.error(m.benchmarkFailure);
    }
    await reloadOrganization();
  };

  const deactivation = useConfirmedRemoval<OrganizationView>({
    kind: 'deactivate',
    confirmText: (org) => messages.admin.confirmDeactivate(org.name),
    errorTitle: messages.admin.deactivateErrorTitle,
    request: (org, options) => organizationFormApi.deactivate(org.id ?? 0, options),
    navigatesAway: true,
    onRemoved: async (org) => {
      void queryClient.invalidateQueries({ queryKey: organizationsKey, refetchType: 'none' });
      await navigate(organizationListPath(org.type.enumValue));
    },
  });

  return {
    submit,
    saving: save.isPending,
    saveError,
    closeSaveError: () => setSaveError(null),
    generateBenchmark,
    generatingBenchmark: benchmark.isPending,
    deactivate: deactivation.ask,
    deactivationDialogs: deactivation.element,
  };
}
