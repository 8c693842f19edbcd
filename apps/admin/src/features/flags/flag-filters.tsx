import { Group, MultiSelect, SegmentedControl, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useFlagTypes } from '../flag-types/use-flag-types.ts';
import { tagLabel, useTags } from '../tags/use-tags.ts';
import type { FlagFilters } from './flag-search-params.ts';

/** Search box and filters above the flag table; typing waits a moment before asking the server. */
export function FlagFiltersBar({
  filters,
  onChange,
}: {
  filters: FlagFilters;
  onChange: (change: Partial<FlagFilters>) => void;
}) {
  const [text, setText] = useState(filters.query);
  const search = useDebouncedCallback((query: string) => onChange({ query, page: 1 }), 250);
  const types = useFlagTypes();
  const tags = useTags();
  return (
    <Group mb="sm" align="flex-end" gap="sm">
      <TextInput
        label="Search"
        placeholder="Name or description"
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          search(e.currentTarget.value);
        }}
        w={260}
      />
      <MultiSelect
        label="Type"
        placeholder={filters.types.length ? undefined : 'Any type'}
        data={(types.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
        value={filters.types}
        onChange={(value) => onChange({ types: value, page: 1 })}
        clearable
        w={220}
      />
      <MultiSelect
        label="Tag"
        placeholder={filters.tags.length ? undefined : 'Any tag'}
        data={(tags.data ?? []).map(tagLabel)}
        value={filters.tags}
        onChange={(value) => onChange({ tags: value, page: 1 })}
        searchable
        clearable
        w={220}
      />
      <SegmentedControl
        aria-label="State"
        value={filters.state || 'all'}
        onChange={(value) =>
          onChange({ state: value === 'all' ? '' : (value as FlagFilters['state']), page: 1 })
        }
        data={[
          { value: 'all', label: 'All' },
          { value: 'active', label: 'Active' },
          { value: 'stale', label: 'Stale' },
        ]}
      />
    </Group>
  );
}
