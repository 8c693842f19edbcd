import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { strategyDisplayName } from '@switchyard/rules';
import { useState, type ReactNode } from 'react';
import type { FlagEnvironment, Segment, StrategyDraft } from '../../api/wire.ts';
import { ConfirmModal } from '../../ui/confirm-modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useDraftEnvironment } from '../change-requests/use-change-writer.ts';
import { newStrategy } from '../strategies/strategy-model.ts';
import { usePermissions } from '../session/use-permissions.ts';
import { summarizeStrategy } from '../strategies/strategy-summary.ts';
import { StrategyModal } from './strategy-modal.tsx';
import { useStrategyMutations } from './use-strategy-mutations.ts';
import { useToggleEnvironment } from './use-toggle-environment.ts';

type Props = {
  projectId: string;
  flagName: string;
  environment: FlagEnvironment;
  otherEnvironments: string[];
  segments: Segment[];
  defaultStickiness: string;
  /** False for an archived flag: nothing in it can change, whatever the caller may do. */
  editable: boolean;
  /** Shown above the strategies: the environment's release plan. */
  children?: ReactNode;
};

/** One environment of a flag: its switch and its strategies in evaluation order. */
export function EnvironmentPanel({
  projectId,
  flagName,
  environment,
  otherEnvironments,
  segments,
  defaultStickiness,
  editable,
  children,
}: Props) {
  const { can } = usePermissions();
  const env = environment.name;
  const here = { project: projectId, environment: env };
  const canToggle = editable && can('UPDATE_FEATURE_ENVIRONMENT', here);
  const canAdd = editable && can('CREATE_FEATURE_STRATEGY', here);
  const canUpdate = editable && can('UPDATE_FEATURE_STRATEGY', here);
  const canDelete = editable && can('DELETE_FEATURE_STRATEGY', here);
  // Copying adds strategies in the other environment, so it is offered only where the caller may add them.
  const copyTargets = otherEnvironments.filter(
    (other) => editable && can('CREATE_FEATURE_STRATEGY', { project: projectId, environment: other }),
  );
  const toggle = useToggleEnvironment();
  const mutations = useStrategyMutations(projectId, flagName);
  const [editing, setEditing] = useState<StrategyDraft | null>(null);
  const [deleting, setDeleting] = useState<StrategyDraft | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  // Where change requests are on, a switch is first confirmed as a draft: it takes effect only when applied.
  const draftIn = useDraftEnvironment(projectId, env);
  const [drafting, setDrafting] = useState<boolean | null>(null);
  const setEnabled = (enabled: boolean) => toggle.mutate({ projectId, flagName, environment: env, enabled });
  const strategies = environment.strategies;

  const move = (from: number, to: number) => {
    if (to < 0 || to >= strategies.length || from === to) return;
    const ids = strategies.map((s) => s.id!);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved!);
    mutations.reorder.mutate(
      { environment: env, ids },
      { onError: (error) => notifyError(error, 'reorder the strategies') },
    );
  };
  const copyTo = (to: string) =>
    mutations.copy.mutate(
      { strategies, to },
      {
        onSuccess: () =>
          notifySuccess(
            `Copied ${strategies.length} strateg${strategies.length === 1 ? 'y' : 'ies'} to ${to}`,
          ),
        onError: (error) => notifyError(error, `copy the strategies to ${to}`),
      },
    );

  return (
    <Paper withBorder p="md" component="section" aria-label={`Environment ${env}`}>
      <Group justify="space-between" mb="sm">
        <Group gap="sm">
          <Switch
            aria-label={`${flagName} in ${env}`}
            checked={environment.enabled}
            disabled={!canToggle}
            onChange={(e) =>
              draftIn ? setDrafting(e.currentTarget.checked) : setEnabled(e.currentTarget.checked)
            }
          />
          <Title order={3} size="h4">
            {env}
          </Title>
          <Badge color={environment.enabled ? 'green' : 'gray'}>{environment.enabled ? 'On' : 'Off'}</Badge>
          {draftIn && (
            <Badge color="blue" variant="light">
              Change requests
            </Badge>
          )}
        </Group>
        {(canAdd || copyTargets.length > 0) && (
          <Group gap="xs">
            {strategies.length > 0 && copyTargets.length > 0 && (
              <Menu>
                <Menu.Target>
                  <Button size="xs" variant="default" loading={mutations.copy.isPending}>
                    Copy strategies to…
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {copyTargets.map((other) => (
                    <Menu.Item key={other} onClick={() => copyTo(other)}>
                      {other}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            )}
            {canAdd && (
              <Button
                size="xs"
                onClick={() => setEditing(newStrategy('flexibleRollout', flagName, defaultStickiness))}
              >
                Add strategy
              </Button>
            )}
          </Group>
        )}
      </Group>
      {children && (
        <Stack gap="xs" mb="sm">
          {children}
        </Stack>
      )}
      {strategies.length === 0 ? (
        <Text size="sm" c="dimmed">
          No strategies: when on, this flag is on for everyone in {env}.
        </Text>
      ) : (
        <Stack gap="xs" role="list" aria-label={`Strategies in ${env}`}>
          {strategies.map((strategy, index) => (
            <Paper
              key={strategy.id ?? index}
              withBorder
              p="sm"
              role="listitem"
              draggable={canUpdate}
              onDragStart={() => setDragged(index)}
              onDragOver={(e) => e.preventDefault()}
              onDrop={() => {
                if (dragged !== null) move(dragged, index);
                setDragged(null);
              }}
              style={{ cursor: canUpdate ? 'grab' : undefined, opacity: strategy.disabled ? 0.6 : 1 }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {index + 1}. {strategy.title || strategyDisplayName(strategy.name)}
                    </Text>
                    {strategy.disabled && (
                      <Badge size="xs" color="gray">
                        inactive
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm">{summarizeStrategy(strategy, segments)}</Text>
                </Stack>
                {(canUpdate || canDelete) && (
                  <Group gap={4} wrap="nowrap">
                    {canUpdate && (
                      <>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move strategy ${index + 1} up`}
                          disabled={index === 0}
                          onClick={() => move(index, index - 1)}
                        >
                          ↑
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Move strategy ${index + 1} down`}
                          disabled={index === strategies.length - 1}
                          onClick={() => move(index, index + 1)}
                        >
                          ↓
                        </ActionIcon>
                        <Switch
                          size="xs"
                          aria-label={`Strategy ${index + 1} active`}
                          checked={!strategy.disabled}
                          onChange={(e) =>
                            mutations.save.mutate(
                              {
                                environment: env,
                                strategy: { ...strategy, disabled: !e.currentTarget.checked },
                              },
                              { onError: (error) => notifyError(error, 'change the strategy') },
                            )
                          }
                        />
                        <Button size="xs" variant="default" onClick={() => setEditing(strategy)}>
                          Edit
                        </Button>
                      </>
                    )}
                    {canDelete && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(strategy)}>
                        Delete
                      </Button>
                    )}
                  </Group>
                )}
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editing && (
        <StrategyModal
          projectId={projectId}
          flagName={flagName}
          environment={env}
          initial={editing}
          onClose={() => setEditing(null)}
        />
      )}
      {drafting !== null && (
        <ConfirmModal
          opened
          title={`Turn ${drafting ? 'on' : 'off'} ${flagName} in ${env}?`}
          confirmLabel="Add to draft"
          loading={toggle.isPending}
          onClose={() => setDrafting(null)}
          onConfirm={() =>
            toggle.mutate(
              { projectId, flagName, environment: env, enabled: drafting },
              { onSuccess: () => setDrafting(null) },
            )
          }
        >
          <Text size="sm">
            Change requests are on in {env}: the change joins your draft and takes effect once the request is
            approved and applied.
          </Text>
        </ConfirmModal>
      )}
      {deleting && (
        <ConfirmModal
          opened
          title="Delete this strategy?"
          confirmLabel={draftIn ? 'Add to draft' : 'Delete strategy'}
          loading={mutations.remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            mutations.remove.mutate(
              { environment: env, strategyId: deleting.id! },
              {
                onSuccess: () => setDeleting(null),
                onError: (error) => notifyError(error, 'delete the strategy'),
              },
            )
          }
        >
          <Text size="sm">
            {summarizeStrategy(deleting, segments)} — in {env}. Users it turns on will no longer get the flag
            from it.
          </Text>
        </ConfirmModal>
      )}
    </Paper>
  );
}
