import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { FlagSearchInput, FlagTypeAndTagPickers } from '../flags/flag-filter-inputs.tsx';
import { useProjects } from '../projects/use-projects.ts';
import type { SearchFilters } from './search-params.ts';

/** The search screen's text box and filters, one per search operator the server offers here. */
export function SearchFiltersBar({
  filters,
  onChange,
}: {
  filters: SearchFilters;
  onChange: (change: Partial<SearchFilters>) => void;
}) {
  const projects = useProjects();
  const [operator = 'IS_BEFORE', day = ''] = filters.created ? filters.created.split(':') : [];
  const setCreated = (nextOperator: string, nextDay: string) =>
    onChange({ created: nextDay ? `${nextOperator}:${nextDay}` : '', page: 1 });
  return (
    <Group mb="sm" align="flex-end" gap="sm">
      <FlagSearchInput
        query={filters.query}
        placeholder="Name, description or tag"
        onSearch={(query) => onChange({ query, page: 1 })}
        width={240}
      />
      <MultiSelect
        label="Project"
        placeholder={filters.projects.length ? undefined : 'Any project'}
        data={(projects.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={filters.projects}
        onChange={(value) => onChange({ projects: value, page: 1 })}
        searchable
        clearable
        w={220}
      />
      <FlagTypeAndTagPickers
        types={filters.types}
        tags={filters.tags}
        onChange={(change) => onChange({ ...change, page: 1 })}
        width={200}
      />
      <Select
        label="State"
        data={[
          { value: '', label: 'Any state' },
          { value: 'active', label: 'Active' },
          { value: 'potentially-stale', label: 'Potentially stale' },
          { value: 'stale', label: 'Stale' },
        ]}
        value={filters.state}
        onChange={(value) => onChange({ state: (value ?? '') as SearchFilters['state'], page: 1 })}
        allowDeselect={false}
        w={170}
      />
      <Select
        label="Created"
        data={[
          { value: 'IS_BEFORE', label: 'Before' },
          { value: 'IS_ON_OR_AFTER', label: 'On or after' },
        ]}
        value={operator}
        onChange={(value) => setCreated(value ?? 'IS_BEFORE', day)}
        allowDeselect={false}
        w={130}
      />
      <TextInput
        type="date"
        label="Creation date"
        value={day}
        onChange={(e) => setCreated(operator, e.currentTarget.value)}
        w={160}
      />
    </Group>
  );
}
