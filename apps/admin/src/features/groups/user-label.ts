/** How a person is named in pickers and lists: name, else username, else email. */
export function userLabel(user: {
  id: number;
  name?: string | null;
  username?: string | null;
  email?: string | null;
}): string {
  return user.name || user.username || user.email || `user ${user.id}`;
}
