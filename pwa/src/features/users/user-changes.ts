import type { EditUserForm, UpdateUserInput, User } from '@shared/schemas/user.schema';

/**
 * What the Edit User dialog sends: only the fields that differ from the user as listed (spec: "only
 * changed fields are sent"). An empty password means "keep it". An empty result means nothing changed,
 * and the dialog just closes.
 */
export function changedUserFields(user: Pick<User, 'username' | 'role'>, values: EditUserForm): UpdateUserInput {
  const changes: UpdateUserInput = {};
  const username = values.username.trim();
  if (username !== user.username) changes.username = username;
  if (values.role !== user.role) changes.role = values.role;
  if (values.password) changes.password = values.password;
  return changes;
}
