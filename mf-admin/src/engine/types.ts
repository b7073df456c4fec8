import type { ReactNode } from 'react';
import type { TObject } from '@sinclair/typebox';
import type { StaffPermission } from '@portal/contracts';
import type { CallResult, UploadPurpose } from '@portal/platform';
import type { CsvCell } from './lib/csv';
import type { Literal } from './lib/json-schema';
import type { SortState } from './lib/table-url-state';

/**
 * An admin screen is a resource definition (refine's idea, on our own table and form): what the
 * list call is, which columns and filters the table has, which fields the edit dialog has and how
 * they are checked (the contract's TypeBox schema), how a record becomes form values and back,
 * and the few actions beyond add, edit, copy and delete. `ResourcePage` renders any definition.
 *
 * Type parameters: R a record of the list, F the form's values (the update schema's shape), L
 * the other lists the screen needs (a line's node and entry, a product's permissions).
 */
export type Lookups = object;

export interface Option {
  value: Literal;
  label: string;
  /** Checkboxes: the heading the option is listed under (options of one group stay together). */
  group?: string;
}

/**
 * How a field is edited. Without one the schema decides (see `widgetFor`: boolean → switch,
 * number → number, choice → select, http(s) address → url, long string → text area, string →
 * text, list of strings → lines, list of flat objects or record over known keys → rows, flat
 * object → object, anything else → JSON).
 * `lines`: a list of strings, one per line; `checkboxes`: several of the options; `secret`:
 * write-only, never shown (see SECRET_MASK); `image`: an uploaded image's path ('' = none), picked
 * and uploaded for the field's `purpose`; `rows`: a list of objects, or a record keyed by the
 * `parts.keys`, one row of `parts.fields` per item (added and removed); `object`: one object's
 * `parts.fields`; `custom`: the definition renders the input.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'url'
  | 'switch'
  | 'select'
  | 'checkboxes'
  | 'lines'
  | 'json'
  | 'secret'
  | 'image'
  | 'rows'
  | 'object'
  | 'custom';

/** The inside of a `rows` or `object` field. */
export interface PartsDef {
  /** The inputs of each row (of the object); without a kind, the item's schema decides. */
  fields: FieldDef<Record<string, unknown>>[];
  /**
   * `rows` of a record: the keys it may hold, one row each, a new row's key chosen from those not
   * used yet. Without them the value is a list.
   */
  keys?: readonly Option[];
}

/** What a custom input gets; it renders inside the field's `Field.Root` (label, invalid state). */
export interface CustomFieldProps {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  invalid: boolean;
}

export interface FieldDef<F, L = Lookups> {
  name: keyof F & string;
  label: string;
  kind?: FieldKind;
  /** Below the input; a function follows the current values (a chance computed from a weight). */
  help?: string | ((values: Partial<F>, lookups: L) => string);
  placeholder?: string;
  /** Choices of a select or checkboxes (a select of literals lists the schema's by default). */
  options?: readonly Option[] | ((lookups: L) => Option[]);
  /** What an empty input means: the field left out (optional) or null. Default: '' for text. */
  empty?: 'omit' | 'null';
  /** Shown only when this holds for the current values (hidden fields keep their value). */
  visible?: (values: Partial<F>, lookups: L) => boolean;
  render?: (props: CustomFieldProps) => ReactNode;
  /** An `image` field: what the upload is for (the server checks it when the form is saved). */
  purpose?: UploadPurpose;
  /** Spans the whole width of the form. */
  wide?: boolean;
  /** `lines`: items are separated by line breaks only (they may hold commas, like rules); else commas too. */
  linesOnly?: boolean;
  /** `rows` and `object`: what is inside (derived from the schema when left out). */
  parts?: PartsDef;
}

/** A field with its kind decided (from the definition or the schema). */
export type ResolvedField<F, L = Lookups> = FieldDef<F, L> & { kind: FieldKind };
/** Any screen's field, for code that does not look at its values' types. */
export type AnyField = ResolvedField<never, never>;

export interface ActionContext<L = Lookups> {
  lookups: L;
  /** The screen's filter values as in the address (a new record may start from them). */
  filters?: Record<string, string>;
  /** Loads the list again (after a change). */
  reload: () => void;
  /** Shows something over the page (a dialog) until it calls `close`. */
  show: (render: (close: () => void) => ReactNode) => void;
}

/**
 * A call and the spec's texts for its outcome (§8): the success toast, the failure toast's
 * prefix (the server's message follows it), and what follows success besides reloading the
 * list. Built with `outcome()`, which checks the texts and follow-up against the call's answer.
 */
export interface Outcome<T, L = Lookups> {
  call: (input: T) => Promise<CallResult<unknown>>;
  success: (data: unknown) => string;
  failure: string;
  failureMs?: number;
  /**
   * The failure is shown inside the dialog that made the call, not as a toast (the spec's
   * withdrawal message call shows no error toast).
   */
  failureInline?: boolean;
  after?: (data: unknown, ctx: ActionContext<L>) => void;
}

/** What a toolbar action acts on: the rows listed now (filtered and sorted, every page) and the filters. */
export interface ListedView<R> {
  rows: R[];
  filters: Record<string, string>;
}

/** A button on each row (T = the record) or in the toolbar (T = the listed view). */
export type ActionDef<T, L = Lookups> = {
  key: string;
  label: string;
  /** Asks first; the question. */
  confirm?: (target: T) => string;
  hidden?: (target: T) => boolean;
  /**
   * Shown only to who holds this permission (the BFF refuses the call anyway). Without one, an
   * action that makes a call needs the screen's `editPermission`; one that only runs, nothing.
   */
  permission?: StaffPermission;
  danger?: boolean;
} & (
  | Outcome<T, L>
  /** Something local (copy a line's log): no call, no reload. */
  | { run: (target: T, ctx: ActionContext<L>) => void | Promise<void> }
);

export interface ColumnDef<R, L = Lookups> {
  id: string;
  header: string;
  /** The cell's value: sorting, search, CSV, and what the cell shows unless `cell` is given. */
  value: (row: R, lookups: L) => CsvCell;
  cell?: (row: R, lookups: L) => ReactNode;
  sortable?: boolean;
  align?: 'start' | 'end';
  /** Long text: wraps inside a bounded width instead of widening the table. */
  wrap?: boolean;
}

export interface FilterDef<R, L = Lookups> {
  /** Its name in the address. */
  key: string;
  label: string;
  /** `checkbox`: on is '1', off ''. */
  kind: 'select' | 'number' | 'text' | 'date' | 'checkbox';
  defaultValue?: string;
  options?: (lookups: L) => Option[];
  /** A select's first choice, meaning "not filtered". */
  allLabel?: string;
  min?: number;
  max?: number;
  /** Filters the loaded rows; without it the value is sent with the list call. */
  match?: (row: R, value: string, lookups: L) => boolean;
}

export interface FormDef<R, F, L = Lookups> {
  /** The contract's update schema: the form is checked with it, as the BFF checks the call. */
  schema: TObject;
  fields: FieldDef<F, L>[];
  /** A new record (it may start from the screen's filters, e.g. the type selected). */
  defaults: (lookups: L, filters: Record<string, string>) => F;
  toForm: (record: R, lookups: L) => F;
  /** The call's payload (default: the values). */
  fromForm?: (values: F, lookups: L) => object;
  /** When the user changes a field, these values are set too (presets). */
  effects?: { [K in keyof F]?: (values: F, lookups: L) => Partial<F> };
  /** Rules across fields that a schema cannot say: messages by field. */
  refine?: (values: F, lookups: L) => Partial<Record<keyof F & string, string>>;
  /** The update call (its payload is `fromForm`'s, or the values). */
  save: Outcome<never, L>;
  /** `false`: records are only edited here, never added (no 新增). */
  create?: false;
}

export interface ResourceDefinition<R extends { _id: string }, F = never, L extends Lookups = Lookups> {
  title: string;
  /** One record, in dialog titles: 新增节点, 复制节点. */
  noun: string;
  /** Prefix of test ids. */
  testId: string;
  /** The audit log's record type, for the link to this screen's history. */
  auditType?: string;
  /** The permission that adds, edits, copies and deletes here (issue 25); without it those buttons are not shown. */
  editPermission?: StaffPermission;
  /** The list; `filters` holds the values of the filters without `match`. */
  list: (filters: Record<string, string>) => Promise<CallResult<R[]>>;
  /** Other lists the screen needs, loaded with the list. */
  lookups?: { [K in keyof L]: () => Promise<CallResult<L[K]>> };
  columns: ColumnDef<R, L>[];
  defaultSort?: SortState;
  filters?: FilterDef<R, L>[];
  /** A record's name in confirmations (default: its `name`, else its id). */
  describe?: (row: R) => string;
  form?: FormDef<R, F, L>;
  /** Copy: the edit dialog on the record without its `_id`. */
  copy?: boolean;
  /** Delete by id, asked first. */
  remove?: Outcome<string, L>;
  /** Rows can be selected and deleted together (needs `remove`). */
  bulkDelete?: boolean;
  rowActions?: ActionDef<R, L>[];
  toolbarActions?: ActionDef<ListedView<R>, L>[];
  /** Above the table once loaded: figures of the whole list (totals, charts). */
  summary?: (rows: R[], lookups: L) => ReactNode;
}
