import { Group, Select, TextInput } from '@mantine/core';
import { CUSTOM, EXPIRY_PRESETS, dayAfter, patExpiry, type ExpiryChoice } from './pat-expiry.ts';

const longDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { dateStyle: 'long' });

/** A preset lifetime or a picked day; says which day a preset lands on, so nobody has to count. */
export function ExpiryPicker({
  value,
  onChange,
  error,
}: {
  value: ExpiryChoice;
  onChange: (value: ExpiryChoice) => void;
  error?: string;
}) {
  const custom = value.preset === CUSTOM;
  const outcome = patExpiry(value);
  const lands = 'day' in outcome ? `Works until the end of ${longDay(outcome.day)}` : undefined;
  return (
    <Group align="flex-start" grow>
      <Select
        label="Expires"
        data={EXPIRY_PRESETS}
        value={value.preset}
        allowDeselect={false}
        description={custom ? undefined : lands}
        error={custom ? undefined : error}
        onChange={(preset) =>
          preset &&
          // A first switch to a custom date starts from today's preset day rather than an empty field.
          onChange({ preset, date: value.date || dayAfter(new Date(), Number(value.preset) || 30) })
        }
      />
      {custom && (
        <TextInput
          label="Expiry date"
          type="date"
          required
          min={dayAfter(new Date(), 0)}
          value={value.date}
          description={lands}
          error={error}
          onChange={(e) => onChange({ preset: CUSTOM, date: e.currentTarget.value })}
        />
      )}
    </Group>
  );
}
