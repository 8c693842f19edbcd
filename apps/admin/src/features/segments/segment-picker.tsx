import type { Segment } from '../../api/wire.ts';
import { MultiSelect, Text } from '@mantine/core';

/** Picks the segments a strategy requires; all of them must match, as well as its own constraints. */
export function SegmentPicker({
  segments,
  value,
  onChange,
}: {
  segments: Segment[];
  value: number[];
  onChange: (ids: number[]) => void;
}) {
  if (segments.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No segments exist yet. Create them under Segments to reuse constraints across flags.
      </Text>
    );
  return (
    <MultiSelect
      label="Segments"
      description="Every selected segment must match"
      data={segments.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value.map(String)}
      searchable
      clearable
      onChange={(ids) => onChange(ids.map(Number))}
    />
  );
}
