import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { ExpiryPicker } from './expiry-picker.tsx';
import { DEFAULT_EXPIRY, patExpiry } from './pat-expiry.ts';
import { TokenSecret } from '../../ui/token-secret.tsx';
import { usePersonalAccessTokenMutations, type PatResponse } from './use-personal-access-tokens.ts';

/** The server's limit on a token's description. */
const DESCRIPTION_MAX = 200;

/** Creates a personal access token, then shows its secret once. */
export function CreatePatModal({ onClose }: { onClose: () => void }) {
  const [description, setDescription] = useState('');
  const [expiry, setExpiry] = useState(DEFAULT_EXPIRY);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [created, setCreated] = useState<PatResponse | null>(null);
  const { create } = usePersonalAccessTokenMutations();
  const errors = { ...fieldErrors(create.error), ...local };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const text = description.trim();
    if (!text) problems.description = 'Say what will use the token';
    else if (text.length > DESCRIPTION_MAX) problems.description = `At most ${DESCRIPTION_MAX} characters`;
    const outcome = patExpiry(expiry);
    if ('problem' in outcome) problems.expiresAt = outcome.problem;
    setLocal(problems);
    if (Object.keys(problems).length || !('expiresAt' in outcome)) return;
    create.mutate({ description: text, expiresAt: outcome.expiresAt }, { onSuccess: setCreated });
  };

  if (created?.secret)
    return (
      // A stray click beside the dialog must not throw away a secret that cannot be shown again.
      <Modal opened onClose={onClose} title="Token created" closeOnClickOutside={false}>
        <TokenSecret
          description={created.description}
          secret={created.secret}
          actions={
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          }
        />
      </Modal>
    );

  return (
    <Modal opened onClose={onClose} title="New personal access token">
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.form && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          <TextInput
            label="Description"
            description="What will use it, such as “release pipeline”."
            required
            maxLength={DESCRIPTION_MAX}
            value={description}
            error={errorFor(errors, 'description')}
            onChange={(e) => setDescription(e.currentTarget.value)}
          />
          <ExpiryPicker
            value={expiry}
            error={errorFor(errors, 'expiresAt')}
            onChange={(value) => {
              setExpiry(value);
              // Messages about the old date no longer apply; the new one is checked again on submit.
              setLocal(({ description: kept }): Record<string, string> =>
                kept ? { description: kept } : {},
              );
              create.reset();
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create token
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
