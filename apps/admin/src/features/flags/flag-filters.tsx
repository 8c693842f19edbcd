import { Group, SegmentedControl } from '@mantine/core';
import { FlagSearchInput, FlagTypeAndTagPickers } from './flag-filter-inputs.tsx';
import type { FlagFilters } from './flag-search-params.ts';

/** Search box and filters above the flag table; typing waits a moment before asking the server. */
export function FlagFiltersBar({
  filters,
  onChange,
}: {
  filters: FlagFilters;
  onChange: (change: Partial<FlagFilters>) => void;
}) {
  return (
    <Group mb="sm" align="flex-end" gap="sm">
      <FlagSearchInput
        query={filters.query}
        placeholder="Name or description"
        onSearch={(query) => onChange({ query, page: 1 })}
        width={260}
      />
      <FlagTypeAndTagPickers
        types={filters.types}
        tags={filters.tags}
        onChange={(change) => onChange({ ...change, page: 1 })}
        width={220}
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
