import { Button, Group, Paper, Select, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ProjectOverview } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { PROJECT_MODES, type ProjectMode as Mode } from './project-modes.ts';
import { useUpdateProjectSettings } from './use-projects.ts';

const MODES = PROJECT_MODES.map((m) => ({ value: m.value, label: `${m.label}: ${m.description}` }));

/** The project's name, description, collaboration mode and default stickiness (updateProject). */
export function ProjectDetailsForm({
  projectId,
  overview,
  canEdit,
}: {
  projectId: string;
  overview: ProjectOverview;
  canEdit: boolean;
}) {
  const [name, setName] = useState(overview.name);
  const [description, setDescription] = useState(overview.description ?? '');
  const [mode, setMode] = useState<Mode>(
    (MODES.find((m) => m.value === overview.mode)?.value ?? 'open') as Mode,
  );
  const [stickiness, setStickiness] = useState(overview.defaultStickiness ?? 'default');
  const save = useUpdateProjectSettings(projectId);
  const errors = fieldErrors(save.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name: name.trim(), description, mode, defaultStickiness: stickiness.trim() || 'default' },
      { onSuccess: () => notifySuccess('Project settings saved') },
    );
  };
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="project-details">
      <Title id="project-details" order={2} size="h4" mb="sm">
        Details
      </Title>
      <form onSubmit={submit}>
        <Stack maw={560}>
          <TextInput
            label="Name"
            required
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={errorFor(errors, 'name')}
            disabled={!canEdit}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            error={errorFor(errors, 'description')}
            maxLength={1000}
            autosize
            minRows={2}
            disabled={!canEdit}
          />
          <Select
            label="Collaboration mode"
            data={MODES}
            value={mode}
            onChange={(value) => setMode((value ?? 'open') as Mode)}
            allowDeselect={false}
            disabled={!canEdit}
          />
          <TextInput
            label="Default stickiness"
            description="default, userId, sessionId, random or a context field"
            value={stickiness}
            onChange={(e) => setStickiness(e.currentTarget.value)}
            error={errorFor(errors, 'defaultStickiness')}
            disabled={!canEdit}
          />
          {canEdit && (
            <Group>
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
