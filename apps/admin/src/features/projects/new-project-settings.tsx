import { Checkbox, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { QueryState } from '../../ui/query-state.tsx';
import { useEnvironments } from '../environments/use-environments.ts';
import { PROJECT_MODES as MODES, type ProjectMode } from './project-modes.ts';

/** What only a new project chooses in its dialog; each can be changed later in the project's settings. */
export type NewProjectSettings = {
  mode: ProjectMode;
  /** undefined until the environments are loaded: the server then adds every enabled one. */
  environments?: string[];
  /** Environment name to required approvals, for those where change requests are on from the start. */
  changeRequests: Record<string, number>;
};

/** Collaboration mode, environments and change requests of a project being created. */
export function NewProjectSettingsFields({
  value,
  onChange,
}: {
  value: NewProjectSettings;
  onChange: (next: NewProjectSettings) => void;
}) {
  const environments = useEnvironments();
  const enabled = environments.data?.filter((e) => e.enabled).map((e) => e.name);
  // Every enabled environment is ticked to begin with, as the server would add them.
  useEffect(() => {
    if (enabled && value.environments === undefined) onChange({ ...value, environments: enabled });
  }, [enabled, value, onChange]);
  const chosen = value.environments ?? [];
  return (
    <Stack gap="sm">
      <Radio.Group
        label="Collaboration mode"
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as ProjectMode })}
      >
        <Stack gap={6} mt={4}>
          {MODES.map((m) => (
            <Radio key={m.value} value={m.value} label={m.label} description={m.description} />
          ))}
        </Stack>
      </Radio.Group>
      <QueryState query={environments} label="environments">
        {(list) => (
          <Checkbox.Group
            label="Environments"
            description="Where the project's flags can be configured"
            value={chosen}
            onChange={(names) => {
              const changeRequests = Object.fromEntries(
                Object.entries(value.changeRequests).filter(([name]) => names.includes(name)),
              );
              onChange({ ...value, environments: names, changeRequests });
            }}
          >
            <Stack gap={6} mt={4}>
              {list.map((env) => (
                <Checkbox key={env.name} value={env.name} label={`${env.name} (${env.type})`} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
      </QueryState>
      {chosen.length > 0 && (
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            Change requests
          </Text>
          <Text size="xs" c="dimmed">
            Where they are on, every change to a flag is drafted, reviewed and approved before it applies.
          </Text>
          {chosen.map((name) => {
            const approvals = value.changeRequests[name];
            const set = (next: number | undefined) => {
              const changeRequests = { ...value.changeRequests };
              if (next === undefined) delete changeRequests[name];
              else changeRequests[name] = next;
              onChange({ ...value, changeRequests });
            };
            return (
              <div key={name} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
                <Checkbox
                  label={`Change requests in ${name}`}
                  checked={approvals !== undefined}
                  onChange={(e) => set(e.currentTarget.checked ? 1 : undefined)}
                />
                {approvals !== undefined && (
                  <NumberInput
                    aria-label={`Required approvals in ${name}`}
                    size="xs"
                    w={90}
                    min={1}
                    max={10}
                    clampBehavior="strict"
                    allowDecimal={false}
                    value={approvals}
                    onChange={(n) => set(typeof n === 'number' ? n : 1)}
                  />
                )}
              </div>
            );
          })}
        </Stack>
      )}
    </Stack>
  );
}
