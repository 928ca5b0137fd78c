import type { Envelope } from '@domain/schemas/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callerHandlesAllButSession, isHandled, refusalMessage } from '@web/api/client';
import type { EntityApi } from '@web/api/entityApi';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { type Resolver, type UseFormReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useAlerts } from '../alerts/useAlerts';
import { ButtonLink } from '../ButtonLink';
import type { ReturnState } from '../listPage/ListPage';
import { MessageDialog } from '../MessageDialog';
import { Page } from '../Page';
import { ActionMenu, type ActionMenuItem } from './ActionMenu';
import { EntityLoader, type LoadedEntity } from './EntityLoader';
import { type EntityMode, editPathOf, isReadOnly, saveCallOf, viewPathOf } from './entityMode';
import { type Removal, useConfirmedRemoval } from './useConfirmedRemoval';
import type { EntityLoadTexts } from './useEntityLoad';

/** The texts of docs/product.md#messages an entity screen shows; lookups have their own wording. */
export type EntityTexts = EntityLoadTexts & {
  saveFailure: string;
  copyFailure: string;
  saved: string;
  /** The save dialog's title: 'Save Error'. */
  saveErrorTitle: string;
};

export type EntityDefinition<TView extends { id: number | null; isActive?: boolean | null }> = {
  /** The heading, e.g. 'Admin | Section'. */
  title: string;
  /** The screens' path without the id: '/admin/section'. */
  basePath: string;
  listPath: string;
  // biome-ignore lint/suspicious/noExplicitAny: the list row type is the list's business
  api: EntityApi<TView, any>;
  texts: EntityTexts;
  /** Action menu labels of docs/product.md#screens, e.g. 'Add Lookup Item', 'Copy item', 'Delete item'. */
  actionLabels: { add: string; copy: string; remove: string };
  removal: Removal<TView>;
  /** Where a successful save goes: the list (lookups), or the item's own page (reloaded after an update). */
  afterSave: 'list' | 'item';
  /** Other cached queries a save or removal makes stale (e.g. the lookups every form reads). */
  invalidates?: readonly (readonly unknown[])[];
};

export type EntityFormContext<TView, TValues extends Record<string, unknown>, TOutput> = {
  form: UseFormReturn<TValues, unknown, TOutput>;
  item: TView;
  mode: EntityMode;
  readOnly: boolean;
};

export type EntityFormSetup<TView, TValues extends Record<string, unknown>, TOutput> = {
  resolver: Resolver<TValues, unknown, TOutput>;
  toValues: (item: TView) => TValues;
  /** The add or update body, from the validated form and the item as loaded. */
  toBody: (output: TOutput, item: TView) => unknown;
};

type Props<
  TView extends { id: number | null; isActive?: boolean | null },
  TValues extends Record<string, unknown>,
  TOutput,
> = {
  entity: EntityDefinition<TView>;
  setup: EntityFormSetup<TView, TValues, TOutput>;
  children: (context: EntityFormContext<TView, TValues, TOutput>) => ReactNode;
  /** Room for grids (the question's choices). */
  wide?: boolean;
};

/**
 * An entity screen (docs/product.md#screens, docs/product.md#rules and docs/product.md#messages): loads the item for its mode (getbyid, copy or init),
 * shows the fields the page renders, read-only in view mode or when inactive (then with a Back button),
 * with the action menu (add, copy, delete or deactivate), Cancel and Save, the 'Save Error' dialog and
 * the texts of each outcome. A saved item opens in view mode; its Edit button switches to edit mode,
 * whose Cancel and Save come back to view mode.
 */
export function EntityForm<
  TView extends { id: number | null; isActive?: boolean | null },
  TValues extends Record<string, unknown>,
  TOutput,
>({ entity, setup, children, wide = false }: Props<TView, TValues, TOutput>) {
  const { api } = entity;
  return (
    <EntityLoader
      source={{ ...api, keys: { ...api.keys, blank: api.keys.blank() } }}
      texts={entity.texts}
      title={entity.title}
      listPath={entity.listPath}
      failedClassName={wide ? undefined : 'smr-page-medium'}
    >
      {(loaded) => (
        <LoadedEntityForm {...loaded} entity={entity} setup={setup} wide={wide}>
          {children}
        </LoadedEntityForm>
      )}
    </EntityLoader>
  );
}

function LoadedEntityForm<
  TView extends { id: number | null; isActive?: boolean | null },
  TValues extends Record<string, unknown>,
  TOutput,
>({
  mode,
  item,
  reload,
  entity,
  setup,
  wide,
  returnTo,
  children,
}: Props<TView, TValues, TOutput> & LoadedEntity<TView>) {
  const { api, texts, basePath } = entity;
  const alerts = useAlerts();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<TValues, unknown, TOutput>({
    resolver: setup.resolver,
    mode: 'onTouched',
    // biome-ignore lint/suspicious/noExplicitAny: react-hook-form's DefaultValues is a deep partial of TValues
    defaultValues: setup.toValues(item) as any,
  });

  // After an update the item is loaded again (the server may have cleaned its HTML): show that.
  const shown = useRef(item);
  useEffect(() => {
    if (shown.current === item) return;
    shown.current = item;
    form.reset(setup.toValues(item));
  }, [item, form, setup]);

  const readOnly = isReadOnly(mode, item);
  // Inactive: read-only whatever the mode, with no way to edit.
  const inactive = item.isActive === false;
  const saved = item.id !== null && (mode === 'edit' || mode === 'view');
  const call = saveCallOf(mode);
  const state: ReturnState = { returnTo };

  const save = useMutation({
    mutationFn: (body: unknown): Promise<Envelope<{ id: number }>> =>
      (call === 'add' ? api.add : api.update)(body, { skipGlobal: callerHandlesAllButSession }),
  });

  const onSubmit = form.handleSubmit(async (output) => {
    try {
      const envelope = await save.mutateAsync(setup.toBody(output, item));
      if (!envelope?.isSuccess) {
        setSaveError(envelope?.message?.trim() || texts.saveFailure);
        return;
      }
      void queryClient.invalidateQueries({ queryKey: [...api.keys.all, 'search'] });
      for (const queryKey of entity.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
      if (entity.afterSave === 'list') {
        alerts.success(texts.saved, { keepOnNavigation: true });
        await navigate(returnTo);
      } else if (call === 'add') {
        alerts.success(texts.saved, { keepOnNavigation: true });
        await navigate(viewPathOf(basePath, envelope.data?.id ?? null), { replace: true, state });
      } else {
        // Show what the server kept (it may clean the HTML), read-only again.
        await reload();
        alerts.success(texts.saved);
        await navigate(viewPathOf(basePath, item.id), { replace: true, state });
      }
    } catch (error) {
      if (isHandled(error)) return;
      const refusal = refusalMessage(error);
      if (refusal) setSaveError(refusal);
      else alerts.error(mode === 'copy' ? texts.copyFailure : texts.saveFailure);
    }
  });

  const remover = useConfirmedRemoval<TView>({
    ...entity.removal,
    request: (target, options) => api.remove(target.id ?? 0, options),
    navigatesAway: true,
    onRemoved: async () => {
      void queryClient.invalidateQueries({ queryKey: api.keys.all });
      for (const queryKey of entity.invalidates ?? []) void queryClient.invalidateQueries({ queryKey });
      await navigate(returnTo);
    },
  });

  const actions: ActionMenuItem[] = [];
  if (mode !== 'new') {
    actions.push({
      label: entity.actionLabels.add,
      onSelect: () => void navigate(`${basePath}/new`, { state }),
    });
  }
  if (saved) {
    actions.push({
      label: entity.actionLabels.copy,
      onSelect: () => void navigate(`${basePath}/copy/${item.id}`, { state }),
    });
    if (item.isActive !== false && (entity.removal.allowed?.(item) ?? true)) {
      actions.push({ label: entity.actionLabels.remove, danger: true, onSelect: () => remover.ask(item) });
    }
  }

  return (
    <Page title={entity.title} className={wide ? 'smr-page-wide' : 'smr-page-medium'}>
      <header className="smr-entity-header">
        <div>
          <h1 id={titleId} className="smr-entity-title">
            {entity.title}
          </h1>
          <p className="smr-entity-subtitle">
            {mode === 'new'
              ? 'New item'
              : mode === 'copy'
                ? 'Copy: nothing is saved until you press Save.'
                : inactive
                  ? 'Deactivated: shown read-only.'
                  : mode === 'view'
                    ? 'Viewing'
                    : 'Editing'}
          </p>
        </div>
        <div className="smr-entity-header-actions">
          {mode === 'view' && !inactive ? (
            // Switching mode replaces the history entry: Back leaves the item, not the mode.
            <ButtonLink to={editPathOf(basePath, item.id)} variant="primary" state={state} replace>
              Edit
            </ButtonLink>
          ) : null}
          <ActionMenu items={actions} />
        </div>
      </header>

      {inactive ? (
        <Alert variant="secondary" className="smr-entity-inactive">
          This item is deactivated. It is kept for past results and can no longer be edited.
        </Alert>
      ) : null}

      <form className="smr-card smr-entity-card" onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        {/* A record in view mode reads as text (docs/decisions.md#web-read-only). */}
        <fieldset
          disabled={readOnly}
          className={readOnly ? 'smr-entity-fields smr-read-only' : 'smr-entity-fields'}
        >
          {children({ form, item, mode, readOnly })}
        </fieldset>
        <div className="smr-form-actions">
          {readOnly ? (
            <ButtonLink to={returnTo} variant={inactive ? 'primary' : 'outline-secondary'}>
              Back
            </ButtonLink>
          ) : (
            <>
              {mode === 'edit' ? (
                <ButtonLink
                  to={viewPathOf(basePath, item.id)}
                  variant="outline-secondary"
                  state={state}
                  replace
                >
                  Cancel
                </ButtonLink>
              ) : (
                <ButtonLink to={returnTo} variant="outline-secondary">
                  Cancel
                </ButtonLink>
              )}
              <Button type="submit" variant="primary" disabled={save.isPending}>
                {save.isPending ? (
                  <Spinner animation="border" size="sm" className="me-2" aria-hidden />
                ) : null}
                Save
              </Button>
            </>
          )}
        </div>
      </form>

      <MessageDialog title={texts.saveErrorTitle} message={saveError} onClose={() => setSaveError(null)} />
      {remover.element}
    </Page>
  );
}
