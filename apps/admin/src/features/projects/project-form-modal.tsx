import { Alert, Button, Group, Modal, Select, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Project } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import type { ConnectState } from '../connect-sdk/connect-sdk-button.tsx';
import { NewProjectSettingsFields, type NewProjectSettings } from './new-project-settings.tsx';
import { projectIdFromName, projectIdProblem } from './project-id.ts';
import { useSaveProject, type ProjectInput } from './use-projects.ts';

/**
 * Create or edit a project. The id follows the name until the user edits it. A new project also gets its
 * collaboration mode, environments and change requests, and Create opens it with the "Connect your app" panel.
 */
export function ProjectFormModal({
  project,
  opened,
  onClose,
}: {
  project?: Project;
  opened: boolean;
  onClose: () => void;
}) {
  const [form, setForm] = useState<ProjectInput>({
    id: project?.id ?? '',
    name: project?.name ?? '',
    description: project?.description ?? '',
    defaultStickiness: project?.defaultStickiness ?? 'default',
  });
  const [settings, setSettings] = useState<NewProjectSettings>({ mode: 'open', changeRequests: {} });
  const [idTouched, setIdTouched] = useState(Boolean(project));
  const navigate = useNavigate();
  const [local, setLocal] = useState<Record<string, string>>({});
  const save = useSaveProject(project?.id);
  const errors = { ...fieldErrors(save.error), ...local };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!form.name.trim()) problems.name = 'A name is required';
    const idProblem = project ? undefined : projectIdProblem(form.id);
    if (idProblem) problems.id = idProblem;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    save.mutate(
      { ...form, name: form.name.trim(), ...(project ? {} : { settings }) },
      {
        onSuccess: () => {
          notifySuccess(project ? `Saved project ${form.name}` : `Created project ${form.name}`);
          onClose();
          const state: ConnectState = { connect: true };
          if (!project) void navigate(`/projects/${encodeURIComponent(form.id)}`, { state });
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={project ? `Edit ${project.name}` : 'New project'}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <TextInput
            label="Name"
            required
            value={form.name}
            error={errorFor(errors, 'name')}
            onChange={(e) => {
              const name = e.currentTarget.value;
              setForm((f) => ({ ...f, name, id: idTouched ? f.id : projectIdFromName(name) }));
            }}
          />
          <TextInput
            label="Id"
            description="Used in URLs and API tokens; cannot change later"
            required
            disabled={Boolean(project)}
            value={form.id}
            error={errorFor(errors, 'id')}
            onChange={(e) => {
              const id = e.currentTarget.value;
              setIdTouched(true);
              setForm((f) => ({ ...f, id }));
            }}
          />
          <Textarea
            label="Description"
            value={form.description}
            error={errorFor(errors, 'description')}
            onChange={(e) => {
              const description = e.currentTarget.value;
              setForm((f) => ({ ...f, description }));
            }}
          />
          <Select
            label="Default stickiness"
            data={['default', 'userId', 'sessionId', 'random']}
            value={form.defaultStickiness}
            error={errorFor(errors, 'defaultStickiness')}
            onChange={(value) => setForm((f) => ({ ...f, defaultStickiness: value ?? 'default' }))}
            allowDeselect={false}
          />
          {!project && <NewProjectSettingsFields value={settings} onChange={setSettings} />}
          {['mode', 'environments', 'changeRequestEnvironments'].map((field) => {
            const problem = errorFor(errors, field);
            return problem ? (
              <Alert key={field} color="red">
                {problem}
              </Alert>
            ) : null;
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {project ? 'Save' : 'Create project'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
