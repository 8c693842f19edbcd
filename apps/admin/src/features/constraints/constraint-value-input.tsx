import { Group, Select, TagsInput, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import type { Constraint } from '../../api/wire.ts';
import { operatorInfo } from './operators.ts';
import { instantToWallTime, localTimeZone, timeZones, wallTimeToInstant } from './zoned-date.ts';

type Props = {
  constraint: Constraint;
  legalValues: string[];
  error?: string;
  label: string;
  onChange: (constraint: Constraint) => void;
};

/** The value input that fits the operator: a list, a number, a date in a time zone, a version or a regex. */
export function ConstraintValueInput({ constraint, legalValues, error, label, onChange }: Props) {
  const info = operatorInfo(constraint.operator);
  if (info.kind === 'list' || info.kind === 'cidr')
    return (
      <TagsInput
        label={label}
        description={
          info.kind === 'cidr'
            ? 'IP addresses or CIDR ranges; press Enter or comma after each'
            : 'Press Enter or comma after each value'
        }
        data={legalValues}
        value={constraint.values ?? []}
        error={error}
        splitChars={[',', ' ']}
        clearable
        onChange={(values) => onChange({ ...constraint, values })}
      />
    );
  if (info.kind === 'date') return <DateValue {...{ constraint, error, label, onChange }} />;
  const placeholder = { number: '42', semver: '1.2.3', regex: '^.+@example\\.com$' }[info.kind];
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      inputMode={info.kind === 'number' ? 'decimal' : undefined}
      ff={info.kind === 'regex' ? 'monospace' : undefined}
      value={constraint.value ?? ''}
      error={error}
      onChange={(e) => onChange({ ...constraint, value: e.currentTarget.value })}
    />
  );
}

function DateValue({ constraint, error, label, onChange }: Omit<Props, 'legalValues'>) {
  const [zone, setZone] = useState(localTimeZone);
  const zones = useMemo(timeZones, []);
  const wall = constraint.value ? instantToWallTime(constraint.value, zone) : '';
  return (
    <Group align="flex-start" gap="xs" grow>
      <TextInput
        type="datetime-local"
        label={label}
        value={wall}
        error={error}
        onChange={(e) =>
          onChange({ ...constraint, value: wallTimeToInstant(e.currentTarget.value, zone) ?? '' })
        }
      />
      <Select
        label="Time zone"
        data={zones}
        value={zone}
        searchable
        limit={60}
        allowDeselect={false}
        onChange={(next) => {
          const z = next ?? 'UTC';
          setZone(z);
          // Keep the wall time the user sees, now read in the new zone.
          if (wall) onChange({ ...constraint, value: wallTimeToInstant(wall, z) ?? '' });
        }}
      />
    </Group>
  );
}
