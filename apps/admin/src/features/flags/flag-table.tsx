import { Anchor, Badge, Checkbox, Group, Switch, Table, Text, UnstyledButton } from '@mantine/core';
import { memo, useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { FlagSearchItem } from '../../api/wire.ts';
import { ago, when } from '../../ui/format.ts';
import { LifecycleBadge } from './lifecycle-badge.tsx';

export type SortState = { sortBy: string; sortOrder: 'asc' | 'desc' };

type Props = {
  projectId: string;
  flags: FlagSearchItem[];
  environments: string[];
  selected: ReadonlySet<string>;
  /** Whether rows can be picked for bulk actions. */
  canSelect: boolean;
  /** Whether the caller may switch flags in this environment of the project. */
  canToggle: (environment: string) => boolean;
  sort: SortState;
  onSort: (sortBy: string) => void;
  onSelect: (name: string, checked: boolean) => void;
  onSelectAll: (checked: boolean) => void;
  onToggle: (flagName: string, environment: string, enabled: boolean) => void;
};

/** Rows in the first paint; the rest follow a moment later, so the first rows can be used sooner. */
const FIRST_ROWS = 20;

/** One page of flags with a switch per environment; the server does the searching, so this stays small. */
export function FlagTable(props: Props) {
  const { flags, environments, selected, canSelect, sort, onSort, onSelectAll } = props;
  const [limit, setLimit] = useState(FIRST_ROWS);
  useEffect(() => {
    if (limit >= flags.length) return;
    const timer = setTimeout(() => setLimit(Number.POSITIVE_INFINITY), 0);
    return () => clearTimeout(timer);
  }, [limit, flags.length]);
  const all = flags.length > 0 && flags.every((f) => selected.has(f.name));
  const some = flags.some((f) => selected.has(f.name));
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table highlightOnHover verticalSpacing={6} aria-label="Flags">
        <Table.Thead>
          <Table.Tr>
            {canSelect && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all flags on this page"
                  checked={all}
                  indeterminate={some && !all}
                  onChange={(e) => onSelectAll(e.currentTarget.checked)}
                />
              </Table.Th>
            )}
            <SortableTh label="Name" field="name" sort={sort} onSort={onSort} />
            <SortableTh label="Type" field="type" sort={sort} onSort={onSort} />
            <SortableTh label="Created" field="createdAt" sort={sort} onSort={onSort} />
            {environments.map((env) => (
              <Table.Th key={env}>{env}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {flags.slice(0, limit).map((flag) => (
            <FlagRow key={flag.name} {...props} flag={flag} checked={selected.has(flag.name)} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function SortableTh({
  label,
  field,
  sort,
  onSort,
}: {
  label: string;
  field: string;
  sort: SortState;
  onSort: (field: string) => void;
}) {
  const active = sort.sortBy === field;
  return (
    <Table.Th aria-sort={active ? (sort.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        {label} {active ? (sort.sortOrder === 'asc' ? '▲' : '▼') : ''}
      </UnstyledButton>
    </Table.Th>
  );
}

const FlagRow = memo(function FlagRow({
  projectId,
  flag,
  environments,
  checked,
  canSelect,
  canToggle,
  onSelect,
  onToggle,
}: Props & { flag: FlagSearchItem; checked: boolean }) {
  return (
    <Table.Tr>
      {canSelect && (
        <Table.Td>
          <Checkbox
            aria-label={`Select ${flag.name}`}
            checked={checked}
            onChange={(e) => onSelect(flag.name, e.currentTarget.checked)}
          />
        </Table.Td>
      )}
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={`/projects/${encodeURIComponent(projectId)}/flags/${encodeURIComponent(flag.name)}`}
          >
            {flag.name}
          </Anchor>
          <LifecycleBadge stage={flag.lifecycle.stage} />
          {flag.stale && (
            <Badge size="xs" color="orange">
              stale
            </Badge>
          )}
        </Group>
        {flag.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {flag.description}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{flag.type}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{flag.createdAt ? new Date(flag.createdAt).toLocaleDateString() : '–'}</Text>
      </Table.Td>
      {environments.map((env) => {
        const state = flag.environments.find((e) => e.name === env);
        return (
          <Table.Td key={env}>
            <Switch
              aria-label={`${flag.name} in ${env}`}
              checked={state?.enabled ?? false}
              disabled={!canToggle(env) || !state}
              onChange={(e) => onToggle(flag.name, env, e.currentTarget.checked)}
            />
            {state && <LastSeen at={state.lastSeenAt ?? null} />}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
});

/** When SDKs last reported the flag in an environment, from their metrics. */
function LastSeen({ at }: { at: string | null }) {
  return (
    <Text size="xs" c="dimmed" mt={2} title={at ? `Last seen ${when(at)}` : undefined}>
      {at ? `seen ${ago(at)}` : 'not seen'}
    </Text>
  );
}
