import { Select } from '@mantine/core';
import { ROOT_ROLES } from './use-users.ts';

const OPTIONS = ROOT_ROLES.map(({ value, label }) => ({ value, label }));

/** The compact root-role picker of a table row; `onChange` gets the role id the API uses. */
export function RootRoleSelect(props: {
  label: string;
  rootRole: number;
  disabled?: boolean;
  onChange: (rootRole: number) => void;
}) {
  return (
    <Select
      aria-label={props.label}
      size="xs"
      w={120}
      data={OPTIONS}
      value={String(props.rootRole)}
      disabled={props.disabled}
      allowDeselect={false}
      onChange={(value) => value && Number(value) !== props.rootRole && props.onChange(Number(value))}
    />
  );
}
