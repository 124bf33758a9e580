/** Skills are stored as one comma-separated string and shown as tags. */
export function splitSkills(skills: string | null | undefined): string[] {
  return (skills ?? '')
    .split(',')
    .map((skill) => skill.trim())
    .filter((skill) => skill.length > 0);
}
