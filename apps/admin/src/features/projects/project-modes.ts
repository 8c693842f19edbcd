/** A project's collaboration mode (Unleash's name), as the server takes it. */
export type ProjectMode = 'open' | 'protected' | 'private';

/** The modes with one name and one summary each, for the New project dialog and the project's settings alike. */
export const PROJECT_MODES: { value: ProjectMode; label: string; description: string }[] = [
  { value: 'open', label: 'Open', description: 'Everyone signed in sees it; anyone allowed may change it.' },
  {
    value: 'protected',
    label: 'Protected',
    description: 'Everyone sees it; only its members submit change requests.',
  },
  { value: 'private', label: 'Private', description: 'Only its members and Admins see it.' },
];
