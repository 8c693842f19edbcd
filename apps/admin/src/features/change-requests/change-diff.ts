import type { Constraint, Variant } from '../../api/wire.ts';
import { describeConstraint } from '../strategies/strategy-summary.ts';

/** One line of a before/after table: a field and its value before and after the change (absent: none). */
export type DiffRow = { field: string; before?: string; after?: string; changed: boolean };
export type ChangeDiff = { summary: string; rows: DiffRow[] };

type Loose = Record<string, unknown>;
const record = (value: unknown): Loose | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Loose) : undefined;
const text = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

function describeVariant(v: Variant): string {
  const payload = v.payload ? ` · ${v.payload.type} payload ${v.payload.value}` : '';
  const sticky = v.stickiness && v.stickiness !== 'default' ? ` · sticky on ${v.stickiness}` : '';
  return `${v.weight / 10}%${v.weightType === 'fix' ? ' (fixed)' : ''}${payload}${sticky}`;
}

type Kind = 'strategy' | 'segment' | 'variants';

/** A strategy, a segment or a variant list as named fields, so two versions line up field by field. */
function fieldsOf(kind: Kind, value: Loose | undefined): Map<string, string> {
  const fields = new Map<string, string>();
  if (!value) return fields;
  const put = (field: string, v: unknown) => {
    const t = text(v);
    if (t !== undefined) fields.set(field, t);
  };
  if (kind === 'strategy') {
    put('Strategy', value.name);
    put('Title', value.title);
    put('Active', value.disabled ? 'no' : 'yes');
    for (const [key, param] of Object.entries(record(value.parameters) ?? {})) put(`Parameter ${key}`, param);
  }
  if (kind === 'segment') {
    put('Name', value.name);
    put('Description', value.description);
  }
  const constraints = Array.isArray(value.constraints) ? (value.constraints as Constraint[]) : [];
  constraints.forEach((c, i) => put(`Constraint ${i + 1}`, describeConstraint(c)));
  const segments = Array.isArray(value.segments) ? (value.segments as unknown[]) : [];
  if (segments.length) put('Segments', segments.join(', '));
  const variants = Array.isArray(value.variants) ? (value.variants as Variant[]) : [];
  for (const v of variants) put(`Variant ${v.name}`, describeVariant(v));
  return fields;
}

function compare(before: Map<string, string>, after: Map<string, string>): DiffRow[] {
  const names = [...new Set([...before.keys(), ...after.keys()])];
  return names.map((field) => {
    const b = before.get(field);
    const a = after.get(field);
    return { field, before: b, after: a, changed: a !== b };
  });
}

/** The parents a dependency snapshot lists: "billing on, search off". */
function parentsOf(snapshot: unknown): string | undefined {
  if (!Array.isArray(snapshot) || snapshot.length === 0) return undefined;
  return (snapshot as Loose[])
    .map((d) => `${text(d.feature) ?? '?'} ${d.enabled === false ? 'off' : 'on'}`)
    .join(', ');
}

const onOff = (value: unknown) => (value === true ? 'on' : value === false ? 'off' : undefined);

/**
 * A readable before/after of one change: before is the snapshot the server took when the change was drafted,
 * after is the change's payload.
 */
export function describeChange(change: {
  action: string;
  payload?: unknown;
  snapshot?: unknown;
}): ChangeDiff {
  const payload = record(change.payload);
  const snapshot = record(change.snapshot);
  switch (change.action) {
    case 'updateEnabled': {
      const after = onOff(payload?.enabled);
      const before = onOff(snapshot?.enabled);
      return {
        summary: `Turn ${after ?? '?'}`,
        rows: [{ field: 'Enabled', before, after, changed: before !== after }],
      };
    }
    case 'addStrategy':
      return {
        summary: `Add strategy ${text(payload?.title) ?? text(payload?.name) ?? ''}`.trim(),
        rows: compare(new Map(), fieldsOf('strategy', payload)),
      };
    case 'updateStrategy':
      return {
        summary: `Change strategy ${text(payload?.title) ?? text(payload?.name) ?? ''}`.trim(),
        rows: compare(fieldsOf('strategy', snapshot), fieldsOf('strategy', payload)),
      };
    case 'deleteStrategy':
      return {
        summary:
          `Delete strategy ${text(snapshot?.title) ?? text(snapshot?.name) ?? text(payload?.id) ?? ''}`.trim(),
        rows: compare(fieldsOf('strategy', snapshot), new Map()),
      };
    case 'reorderStrategy': {
      const order = (value: unknown) =>
        Array.isArray(value)
          ? [...(value as Loose[])]
              .sort((x, y) => Number(x.sortOrder ?? 0) - Number(y.sortOrder ?? 0))
              .map((s) => text(s.title) ?? text(s.name) ?? text(s.id) ?? '?')
              .join(' → ')
          : undefined;
      const before = order(change.snapshot ?? snapshot?.strategies);
      const after = order(change.payload);
      return {
        summary: 'Reorder strategies',
        rows: [{ field: 'Order', before, after, changed: before !== after }],
      };
    }
    case 'patchVariant': {
      const list = (value: unknown) => ({
        variants: Array.isArray(value) ? value : (record(value)?.variants ?? []),
      });
      return {
        summary: 'Change variants',
        rows: compare(
          fieldsOf('variants', list(change.snapshot)),
          fieldsOf('variants', list(change.payload)),
        ),
      };
    }
    case 'archiveFeature':
      return {
        summary: 'Archive the flag',
        rows: [{ field: 'Archived', before: 'no', after: 'yes', changed: true }],
      };
    case 'addDependency': {
      const variants = Array.isArray(payload?.variants) ? (payload.variants as string[]) : [];
      const needs = `${text(payload?.feature) ?? '?'} ${payload?.enabled === false ? 'off' : 'on'}${
        variants.length ? ` with variant ${variants.join(' or ')}` : ''
      }`;
      const before = parentsOf(change.snapshot);
      return {
        summary: `Depend on ${text(payload?.feature) ?? '?'}`,
        rows: [{ field: 'Needs', before, after: before ? `${before}, ${needs}` : needs, changed: true }],
      };
    }
    case 'deleteDependency':
      return {
        summary: 'Remove the dependencies',
        rows: [{ field: 'Needs', before: parentsOf(change.snapshot), after: undefined, changed: true }],
      };
    case 'updateSegment':
      return {
        summary: `Change segment ${text(payload?.name) ?? ''}`.trim(),
        rows: compare(fieldsOf('segment', snapshot), fieldsOf('segment', payload)),
      };
    case 'deleteSegment':
      return {
        summary: `Delete segment ${text(snapshot?.name) ?? text(payload?.id) ?? ''}`.trim(),
        rows: compare(fieldsOf('segment', snapshot), new Map()),
      };
    default:
      return {
        summary: change.action,
        rows: [
          {
            field: 'Payload',
            before: change.snapshot === undefined ? undefined : JSON.stringify(change.snapshot),
            after: change.payload === undefined ? undefined : JSON.stringify(change.payload),
            changed: true,
          },
        ],
      };
  }
}
