import { useCallback, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { Link } from 'react-router';
import { Codes, type StaffPermission } from '@portal/contracts';
import { notify, useSession } from '@portal/platform';
import { lazyDialog, PageSkeleton, RegionError } from '@portal/ui';
import { canOpen, holds } from '../../lib/access';
import { useDataTable } from '../hooks/use-data-table';
import { useResourceData } from '../hooks/use-resource-data';
import { useTableUrlState } from '../hooks/use-table-url-state';
import { csvFileName, downloadCsv, toCsv } from '../lib/csv';
import { alreadyReported, DEFAULT_TOAST_MS, failureText } from '../lib/outcome';
import { visibleRows } from '../lib/table-rows';
import type { TableUrlDefaults } from '../lib/table-url-state';
import type { FormMode } from '../lib/form-start';
import { runOutcome } from '../outcome';
import { engineLabels as t } from '../labels';
import type { ActionContext, ActionDef, ListedView, Lookups, ResourceDefinition } from '../types';
import type { ResourceFormDialogProps } from './resource-form-dialog';
import { DataTable } from './data-table';
import { FilterBar } from './filter-bar';
import { Screen } from './screen';
import { TablePagination } from './table-pagination';

type FormDialogProps = ResourceFormDialogProps<unknown, unknown, Lookups>;
const FormDialog = lazyDialog(
  () => import('./resource-form-dialog') as Promise<{ default: ComponentType<FormDialogProps> }>,
);
const ConfirmDialog = lazyDialog(() => import('./confirm-dialog'));

function tableDefaults<R extends { _id: string }, F, L extends Lookups>(
  resource: ResourceDefinition<R, F, L>,
): TableUrlDefaults {
  return {
    sort: resource.defaultSort ?? null,
    sortable: resource.columns.filter((column) => column.sortable !== false).map((column) => column.id),
    filters: Object.fromEntries((resource.filters ?? []).map((filter) => [filter.key, filter.defaultValue ?? ''])),
  };
}

/** The path to the audit log of one record type. */
export const auditPath = (recordType: string) => `/admin_audit?recordType=${encodeURIComponent(recordType)}`;

/**
 * The one list page of the back office: renders any resource definition with its filters and
 * search (in the address), the table, paging, add / edit / copy / delete with their dialogs and
 * confirmations, the definition's own actions, bulk delete, CSV export of the filtered view,
 * and the loading, empty and error states.
 */
export function ResourcePage<R extends { _id: string }, F, L extends Lookups>({
  resource,
}: {
  resource: ResourceDefinition<R, F, L>;
}) {
  const defaults = useMemo(() => tableDefaults(resource), [resource]);
  // The audit log is the admins' (an operations user would read 无权访问 there).
  const userType = useSession((s) => s.user?.type);
  const permissions = useSession((s) => s.user?.staff?.permissions);
  const seesAudit = canOpen('admin_audit', userType, permissions);
  // Add, edit, copy and delete only for who holds the screen's edit permission (the BFF refuses the rest anyway).
  const editable = resource.editPermission === undefined || holds(resource.editPermission, userType, permissions);
  const form = editable ? resource.form : undefined;
  // An action names its permission; one that makes a call (an outcome) is an edit of the screen.
  const allowed = (action: { permission?: StaffPermission; call?: unknown }) =>
    action.permission !== undefined
      ? holds(action.permission, userType, permissions)
      : action.call === undefined || editable;
  const remove = editable ? resource.remove : undefined;
  const [url, setUrl] = useTableUrlState(defaults);
  const filters = useMemo(() => resource.filters ?? [], [resource]);
  const serverFilters = Object.fromEntries(
    filters.filter((filter) => !filter.match).map((filter) => [filter.key, url.filters[filter.key] ?? '']),
  );
  const { state, reload, retry } = useResourceData(resource.list, resource.lookups, serverFilters);
  const lookups = state.status === 'ready' ? state.lookups : undefined;

  // A dialog of the page (edit, confirm) and something an action shows (a secret): apart, so
  // that closing the edit dialog after a save leaves what its follow-up opened.
  const [dialog, setDialog] = useState<ReactNode>(null);
  const [shown, setShown] = useState<ReactNode>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const closeDialog = useCallback(() => setDialog(null), []);
  const ctx = useMemo<ActionContext<L> | null>(
    () =>
      lookups
        ? { lookups, filters: url.filters, reload, show: (render) => setShown(render(() => setShown(null))) }
        : null,
    [lookups, url.filters, reload],
  );

  const describe = useCallback(
    (row: R) => resource.describe?.(row) ?? (row as { name?: unknown }).name?.toString() ?? row._id,
    [resource],
  );
  const ask = (question: string, run: () => Promise<unknown>, danger = false) =>
    setDialog(<ConfirmDialog question={question} danger={danger} onConfirm={run} onClose={closeDialog} />);

  const openForm = (mode: FormMode, record?: R) => {
    if (!form || !ctx) return;
    const props = {
      form,
      mode,
      record,
      noun: resource.noun,
      testId: resource.testId,
      ctx,
      onClose: closeDialog,
    };
    setDialog(<FormDialog {...(props as unknown as FormDialogProps)} />);
  };

  async function runAction<T>(action: ActionDef<T, L>, target: T, key: string) {
    if (!ctx) return;
    setBusy(key);
    try {
      if ('run' in action) await action.run(target, ctx);
      else await runOutcome(action, target, ctx);
    } finally {
      setBusy(null);
    }
  }
  const trigger = <T,>(action: ActionDef<T, L>, target: T, key: string) =>
    action.confirm
      ? ask(action.confirm(target), () => runAction(action, target, key), action.danger)
      : void runAction(action, target, key);

  const rowActions = (row: R) => (
    <HStack gap="1" flexWrap="nowrap">
      {form && (
        <Button size="xs" variant="outline" onClick={() => openForm('edit', row)}>
          {t.edit}
        </Button>
      )}
      {form && resource.copy && (
        <Button size="xs" variant="outline" onClick={() => openForm('copy', row)}>
          {t.copy}
        </Button>
      )}
      {(resource.rowActions ?? [])
        .filter((action) => allowed(action) && !action.hidden?.(row))
        .map((action) => (
          <Button
            key={action.key}
            size="xs"
            variant="outline"
            colorPalette={action.danger ? 'red' : undefined}
            loading={busy === `${action.key}:${row._id}`}
            onClick={() => trigger(action, row, `${action.key}:${row._id}`)}
          >
            {action.label}
          </Button>
        ))}
      {remove && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => ctx && ask(t.confirmDelete(describe(row)), () => runOutcome(remove!, row._id, ctx), true)}
        >
          {t.delete}
        </Button>
      )}
    </HStack>
  );
  const hasRowActions = Boolean(form || remove || resource.rowActions?.length);

  const rows = useMemo(
    () =>
      state.status === 'ready'
        ? visibleRows(state.rows, resource.columns, filters, url.filters, url.q, state.lookups)
        : [],
    [state, resource.columns, filters, url.filters, url.q],
  );
  const table = useDataTable<R, L>({
    rows,
    columns: resource.columns,
    lookups: lookups as L,
    url,
    onUrlChange: setUrl,
    getRowId: (row) => row._id,
    selectLabel: resource.bulkDelete && remove ? describe : undefined,
    actions: hasRowActions ? rowActions : undefined,
  });
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);

  const listed = (): ListedView<R> => ({
    rows: table.getSortedRowModel().rows.map((row) => row.original),
    filters: url.filters,
  });

  function exportCsv() {
    const header = resource.columns.map((column) => column.header);
    const body = listed().rows.map((row) => resource.columns.map((column) => column.value(row, lookups as L)));
    downloadCsv(csvFileName(resource.title), toCsv(header, body));
  }

  async function deleteSelected() {
    const removal = remove!;
    const failures: string[] = [];
    let reported = false;
    for (const row of selected) {
      const result = await removal.call(row._id);
      if (result.code !== Codes.OK) {
        failures.push(result.msg);
        reported ||= alreadyReported(result);
      }
    }
    table.resetRowSelection();
    reload();
    if (failures.length === 0) notify({ kind: 'success', title: removal.success(null), durationMs: DEFAULT_TOAST_MS });
    else if (!reported)
      notify({ kind: 'error', title: failureText(removal.failure, failures[0]!), durationMs: DEFAULT_TOAST_MS });
  }

  const toolbarActions = (resource.toolbarActions ?? []).filter(
    (action) => allowed(action) && !action.hidden?.({ rows, filters: url.filters }),
  );
  const toolbar = (
    <>
      {form && form.create !== false && (
        <Button size="sm" colorPalette="brand" onClick={() => openForm('create')} disabled={!ctx}>
          {t.add}
        </Button>
      )}
      {toolbarActions.map((action) => (
        <Button
          key={action.key}
          size="sm"
          variant="outline"
          colorPalette={action.danger ? 'red' : undefined}
          disabled={!ctx}
          loading={busy === action.key}
          onClick={() => trigger(action, listed(), action.key)}
        >
          {action.label}
        </Button>
      ))}
      {selected.length > 0 && (
        <Button
          size="sm"
          variant="outline"
          colorPalette="red"
          onClick={() => ask(t.confirmDeleteSelected(selected.length), deleteSelected, true)}
        >
          {t.deleteSelected(selected.length)}
        </Button>
      )}
      <Button size="sm" variant="outline" onClick={exportCsv} disabled={!ctx}>
        {t.exportCsv}
      </Button>
      {resource.auditType && seesAudit && (
        <Button size="sm" variant="ghost" asChild>
          <Link to={auditPath(resource.auditType)}>{t.auditLog}</Link>
        </Button>
      )}
      <Button size="sm" variant="ghost" onClick={reload} disabled={!ctx}>
        {t.refresh}
      </Button>
    </>
  );

  return (
    <Screen title={resource.title} testId={resource.testId} toolbar={toolbar}>
      <FilterBar
        filters={filters}
        values={url.filters}
        query={url.q}
        lookups={lookups}
        onFilterChange={(key, value) =>
          setUrl((current) => ({ filters: { ...current.filters, [key]: value }, page: 1 }))
        }
        onQueryChange={(q) => setUrl(() => ({ q, page: 1 }))}
      />
      {state.status === 'loading' && <PageSkeleton />}
      {state.status === 'error' && <RegionError title={t.loadFailed} detail={state.message} onRetry={retry} />}
      {state.status === 'ready' && (
        <>
          {resource.summary?.(state.rows, state.lookups)}
          <DataTable table={table} caption={resource.title} testId={resource.testId} />
          <TablePagination table={table} size={url.size} onSizeChange={(size) => setUrl(() => ({ size, page: 1 }))} />
        </>
      )}
      {dialog}
      {shown}
    </Screen>
  );
}
