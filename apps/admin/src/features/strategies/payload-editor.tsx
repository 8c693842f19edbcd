import { Group, JsonInput, Select, TextInput, Textarea } from '@mantine/core';
import type { Payload, PayloadType } from '../../api/wire.ts';
import { payloadProblem } from './payload.ts';

const TYPES = [
  { value: 'none', label: 'No payload' },
  { value: 'string', label: 'String' },
  { value: 'json', label: 'JSON' },
  { value: 'csv', label: 'CSV' },
  { value: 'number', label: 'Number' },
];

/** A variant's payload: string, JSON (checked as typed), CSV or number. */
export function PayloadEditor({
  payload,
  label,
  showProblems,
  onChange,
}: {
  payload: Payload | undefined;
  label: string;
  showProblems: boolean;
  onChange: (payload: Payload | undefined) => void;
}) {
  const problem = payload && (showProblems || payload.value !== '') ? payloadProblem(payload) : undefined;
  const setValue = (value: string) => payload && onChange({ ...payload, value });
  return (
    <Group align="flex-start" grow>
      <Select
        label={`${label} payload type`}
        data={TYPES}
        value={payload?.type ?? 'none'}
        allowDeselect={false}
        maw={160}
        onChange={(type) =>
          onChange(
            type === 'none' || !type ? undefined : { type: type as PayloadType, value: payload?.value ?? '' },
          )
        }
      />
      {payload?.type === 'json' && (
        <JsonInput
          label={`${label} payload`}
          value={payload.value}
          error={problem}
          autosize
          minRows={3}
          formatOnBlur
          onChange={setValue}
        />
      )}
      {payload?.type === 'csv' && (
        <Textarea
          label={`${label} payload`}
          value={payload.value}
          error={problem}
          autosize
          minRows={2}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
      )}
      {(payload?.type === 'string' || payload?.type === 'number') && (
        <TextInput
          label={`${label} payload`}
          inputMode={payload.type === 'number' ? 'decimal' : undefined}
          value={payload.value}
          error={problem}
          onChange={(e) => setValue(e.currentTarget.value)}
        />
      )}
    </Group>
  );
}
