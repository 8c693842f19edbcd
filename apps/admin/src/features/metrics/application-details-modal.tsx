import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ApplicationDetails } from '../../api/wire.ts';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifySuccess } from '../../ui/notify.ts';
import { useApplicationMutations } from './use-metrics.ts';

/** What people should know about an application: a description and where it runs. */
export function ApplicationDetailsModal({ app, onClose }: { app: ApplicationDetails; onClose: () => void }) {
  const [description, setDescription] = useState(app.description ?? '');
  const [url, setUrl] = useState(app.url ?? '');
  const [local, setLocal] = useState<Record<string, string>>({});
  const { describe } = useApplicationMutations();
  const errors = { ...fieldErrors(describe.error), ...local };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = url.trim();
    const problems: Record<string, string> =
      link && !/^https?:\/\//.test(link) ? { url: 'An http(s) URL' } : {};
    setLocal(problems);
    if (Object.keys(problems).length) return;
    describe.mutate(
      { appName: app.appName, description: description.trim() || null, url: link || null },
      {
        onSuccess: () => {
          notifySuccess(`Saved ${app.appName}`);
          onClose();
        },
      },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`Describe ${app.appName}`}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <TextInput
            label="Description"
            value={description}
            error={errorFor(errors, 'description')}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <TextInput
            label="URL"
            description="Where the application runs"
            value={url}
            error={errorFor(errors, 'url')}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={describe.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
