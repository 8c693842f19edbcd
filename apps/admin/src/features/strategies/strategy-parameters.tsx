import { Group, NumberInput, Select, Slider, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import type { StrategyDefinition, StrategyParameterDefinition } from '../../api/wire.ts';

const LABELS: Record<string, string> = {
  rollout: 'Rollout',
  percentage: 'Rollout',
  stickiness: 'Stickiness',
  groupId: 'Group id',
  userIds: 'User ids',
  IPs: 'IP addresses and CIDR ranges',
  hostNames: 'Host names',
};

const splitList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

/** A strategy's parameters, each with the input its type asks for. Parameters are strings on the wire. */
export function StrategyParameters({
  definition,
  parameters,
  stickinessOptions,
  errors,
  onChange,
}: {
  definition: StrategyDefinition | undefined;
  parameters: Record<string, string>;
  stickinessOptions: string[];
  errors: Record<string, string>;
  onChange: (parameters: Record<string, string>) => void;
}) {
  const list = definition?.parameters ?? [];
  if (list.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This strategy has no parameters.
      </Text>
    );
  const set = (name: string, value: string) => onChange({ ...parameters, [name]: value });
  return (
    <Stack gap="sm">
      {list.map((parameter) => (
        <ParameterInput
          key={parameter.name}
          parameter={parameter}
          value={parameters[parameter.name] ?? ''}
          error={errors[`parameters.${parameter.name}`]}
          stickinessOptions={stickinessOptions}
          onChange={(value) => set(parameter.name, value)}
        />
      ))}
    </Stack>
  );
}

function ParameterInput({
  parameter,
  value,
  error,
  stickinessOptions,
  onChange,
}: {
  parameter: StrategyParameterDefinition;
  value: string;
  error?: string;
  stickinessOptions: string[];
  onChange: (value: string) => void;
}) {
  const label = LABELS[parameter.name] ?? parameter.name;
  const description = parameter.description || undefined;
  if (parameter.name === 'stickiness')
    return (
      <Select
        label={label}
        description="Which context field keeps a user in or out as the rollout grows"
        data={[...new Set([...stickinessOptions, value].filter(Boolean))]}
        value={value || 'default'}
        error={error}
        allowDeselect={false}
        onChange={(next) => onChange(next ?? 'default')}
      />
    );
  switch (parameter.type) {
    case 'percentage': {
      const number = Math.min(100, Math.max(0, Number(value) || 0));
      return (
        <Stack gap={4}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              {label}
            </Text>
            <NumberInput
              aria-label={`${label} percentage`}
              value={number}
              min={0}
              max={100}
              allowDecimal={false}
              suffix="%"
              w={90}
              size="xs"
              onChange={(next) => onChange(String(Math.min(100, Math.max(0, Number(next) || 0))))}
            />
          </Group>
          <Slider
            thumbLabel={label}
            value={number}
            min={0}
            max={100}
            label={(v) => `${v}%`}
            marks={[{ value: 0 }, { value: 25 }, { value: 50 }, { value: 75 }, { value: 100 }]}
            onChange={(next) => onChange(String(next))}
          />
          {error && (
            <Text size="xs" c="red">
              {error}
            </Text>
          )}
        </Stack>
      );
    }
    case 'list':
      return (
        <TagsInput
          label={label}
          description={description ?? 'Press Enter or comma after each entry'}
          value={splitList(value)}
          error={error}
          splitChars={[',', ' ']}
          clearable
          onChange={(values) => onChange(values.join(','))}
        />
      );
    case 'boolean':
      return (
        <Switch
          label={label}
          description={description}
          checked={value === 'true'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'true' : 'false')}
        />
      );
    default:
      return (
        <TextInput
          label={label}
          description={description}
          required={parameter.required}
          inputMode={parameter.type === 'number' ? 'decimal' : undefined}
          value={value}
          error={error}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
