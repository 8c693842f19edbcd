import { Alert, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import type { ServiceAccount } from '../../api/wire.ts';
import { TokenSecret } from '../../ui/token-secret.tsx';
import { errorFor, fieldErrors } from '../../ui/field-errors.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';
import { useServiceAccountMutations } from './use-service-accounts.ts';

const day = (iso: string | null) => (iso ? new Date(iso).toLocaleDateString() : 'never');

/** `YYYY-MM-DD` a year from `now`, the default expiry of a new token. */
export function inAYear(now = new Date()): string {
  const next = new Date(now);
  next.setFullYear(next.getFullYear() + 1);
  return next.toISOString().slice(0, 10);
}

/** The end of the chosen day as an ISO time, or why the date cannot be used. */
export function expiryOf(date: string, now = Date.now()): { expiresAt?: string; problem?: string } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return { problem: 'Pick a date' };
  const expiresAt = new Date(`${date}T23:59:59.000Z`);
  if (Number.isNaN(expiresAt.getTime())) return { problem: 'Pick a date' };
  if (expiresAt.getTime() <= now) return { problem: 'Pick a date in the future' };
  return { expiresAt: expiresAt.toISOString() };
}

/** The tokens of one service account: create one (its secret is shown once) or delete one. */
export function ServiceAccountTokensModal({
  account,
  onClose,
}: {
  account: ServiceAccount;
  onClose: () => void;
}) {
  const [description, setDescription] = useState('');
  const [date, setDate] = useState(inAYear());
  const [local, setLocal] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<{ description: string; value: string } | null>(null);
  const { createToken, deleteToken } = useServiceAccountMutations();
  const errors = { ...fieldErrors(createToken.error), ...local };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!description.trim()) problems.description = 'Say what uses the token';
    const expiry = expiryOf(date);
    if (expiry.problem) problems.expiresAt = expiry.problem;
    setLocal(problems);
    if (Object.keys(problems).length) return;
    createToken.mutate(
      { id: account.id, description: description.trim(), expiresAt: expiry.expiresAt! },
      {
        onSuccess: (token) => {
          setSecret(token.secret ? { description: description.trim(), value: token.secret } : null);
          setDescription('');
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={`Tokens of ${account.username}`} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          A token acts as {account.username}, with the {account.rootRoleName} role, until it expires. Send it
          in the Authorization header.
        </Text>
        {secret && <TokenSecret description={secret.description} secret={secret.value} />}
        {account.tokens.length === 0 ? (
          <Text size="sm">No tokens yet.</Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {account.tokens.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.description}</Table.Td>
                  <Table.Td>{day(token.expiresAt)}</Table.Td>
                  <Table.Td>{day(token.seenAt)}</Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      color="red"
                      aria-label={`Delete token ${token.description}`}
                      loading={deleteToken.isPending && deleteToken.variables?.tokenId === token.id}
                      onClick={() =>
                        deleteToken.mutate(
                          { id: account.id, tokenId: token.id },
                          {
                            onSuccess: () => notifySuccess(`Deleted token ${token.description}`),
                            onError: (error) => notifyError(error, 'delete the token'),
                          },
                        )
                      }
                    >
                      Delete
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <form onSubmit={submit} noValidate>
          <Stack gap="xs">
            {errors.form && <Alert color="red">{errors.form}</Alert>}
            <Group align="flex-start" grow>
              <TextInput
                label="Description"
                placeholder="deploy pipeline"
                value={description}
                error={errorFor(errors, 'description')}
                onChange={(e) => setDescription(e.currentTarget.value)}
              />
              <TextInput
                label="Expires on"
                type="date"
                value={date}
                error={errorFor(errors, 'expiresAt')}
                onChange={(e) => setDate(e.currentTarget.value)}
              />
            </Group>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Done
              </Button>
              <Button type="submit" loading={createToken.isPending}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Modal>
  );
}
