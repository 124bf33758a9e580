/** How the app names a user to people: the display name they chose, else their username. */
export function displayNameOf(user: { username: string; displayName?: string | null }): string {
  return user.displayName?.trim() || user.username;
}
