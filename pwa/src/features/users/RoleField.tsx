import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import type { Role } from '@shared/schemas/user.schema';
import { Select } from '@/ui/Select';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', recruiter: 'Recruiter' };
const ROLE_OPTIONS = (Object.keys(ROLE_LABELS) as Role[]).map((value) => ({ value, label: ROLE_LABELS[value] }));

/** The role dropdown of the Add User and Edit User dialogs. */
export function RoleField<T extends FieldValues>({ control, name, disabled }: { control: Control<T>; name: Path<T>; disabled?: boolean }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <div className="grid gap-1.5">
          <Select<Role> label="Role" value={field.value} onChange={field.onChange} options={ROLE_OPTIONS} disabled={disabled} name={field.name} />
          {fieldState.error && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {fieldState.error.message}
            </p>
          )}
        </div>
      )}
    />
  );
}
