import type { Segment } from '../../api/wire.ts';
import { MultiSelect, Text } from '@mantine/core';
import { STRATEGY_SEGMENTS_LIMIT } from '@switchyard/rules';

/**
 * Picks the segments a strategy requires (global ones and its project's own); all of them must match, as well as its
 * own constraints.
 */
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
        No segments this flag can use yet. Create them under Segments, or in the project&apos;s settings, to
        reuse constraints across flags.
      </Text>
    );
  return (
    <MultiSelect
      label="Segments"
      description={`Every selected segment must match; at most ${STRATEGY_SEGMENTS_LIMIT}`}
      maxValues={STRATEGY_SEGMENTS_LIMIT}
      data={segments.map((s) => ({ value: String(s.id), label: s.name }))}
      value={value.map(String)}
      searchable
      clearable
      onChange={(ids) => onChange(ids.map(Number))}
    />
  );
}
