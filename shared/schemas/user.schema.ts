import { z } from 'zod';

export const ROLES = ['admin', 'recruiter'] as const;
export const DEFAULT_ROLE = 'recruiter';
export const USERNAME_MIN = 3;
export const PASSWORD_MIN = 6;
export const THEMES = ['light', 'dark', 'system'] as const;

export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES, { message: 'Role must be admin or recruiter' });
export const themeSchema = z.enum(THEMES, { message: 'Theme must be light, dark or system' });

const username = z
  .string({ message: 'Username is required' })
  .trim()
  .min(USERNAME_MIN, `Username must be at least ${USERNAME_MIN} characters`)
  .max(64, 'Username must be at most 64 characters');
const password = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(256, 'Password must be at most 256 characters');
const email = z.string().trim().max(254).email('Please enter a valid email address');
/** An optional email: an empty string means "none". */
const optionalEmail = z.union([z.literal(''), email]).optional();
const displayName = z.string().trim().max(120, 'Display name must be at most 120 characters').optional();

export const loginSchema = z.object({
  username: z.string({ message: 'Username is required' }).trim().min(1, 'Username is required').max(64),
  password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(256),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

/** What POST /api/register accepts. */
export const registerSchema = z.object({
  username,
  password,
  email: optionalEmail,
  displayName,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The Register tab's form: the server's schema plus a confirmation checked on the device only. */
export const registerFormSchema = registerSchema
  .extend({ confirmPassword: z.string().min(1, 'Please confirm your password') })
  .refine((v) => v.confirmPassword === '' || v.password === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const createUserSchema = z.object({
  username,
  password,
  role: roleSchema.default(DEFAULT_ROLE),
  email: optionalEmail,
  displayName,
});
export type CreateUserInput = z.input<typeof createUserSchema>;

/** The Add User dialog (User Management): the spec's three fields, role chosen from the list. */
export const addUserFormSchema = z.object({ username, password, role: roleSchema });
export type AddUserForm = z.infer<typeof addUserFormSchema>;

/** The Edit User dialog: an empty password leaves the password as it is. */
export const editUserFormSchema = z.object({
  username,
  password: z.union([z.literal(''), password]),
  role: roleSchema,
});
export type EditUserForm = z.infer<typeof editUserFormSchema>;

/** PATCH /api/users/:id — every field optional; a password change by the user needs currentPassword. */
export const updateUserSchema = z.object({
  username: username.optional(),
  password: password.optional(),
  currentPassword: z.string().max(256).optional(),
  role: roleSchema.optional(),
  email: optionalEmail,
  displayName,
});
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

export const profileFormSchema = z.object({
  username,
  email: optionalEmail,
  displayName,
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

export const passwordFormSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().min(PASSWORD_MIN, `New password must be at least ${PASSWORD_MIN} characters`).max(256),
    confirmPassword: z.string().min(1, 'Please confirm your password'),
  })
  .refine((v) => v.confirmPassword === '' || v.newPassword === v.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type PasswordForm = z.infer<typeof passwordFormSchema>;

export const appearanceSchema = z.object({
  theme: themeSchema,
  compactView: z.boolean(),
  highContrast: z.boolean(),
});
export type Appearance = z.infer<typeof appearanceSchema>;

export const NOTIFICATION_DEFAULTS = {
  emailNotifications: true,
  newCandidateAlert: true,
  statusChangeAlert: true,
  weeklyDigest: false,
} as const;

export const notificationSettingsSchema = z.object({
  emailNotifications: z.boolean(),
  newCandidateAlert: z.boolean(),
  statusChangeAlert: z.boolean(),
  weeklyDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** A user as the API returns it: never the password. */
export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: roleSchema,
  email: z.string().nullable(),
  displayName: z.string().nullable(),
  theme: themeSchema,
  compactView: z.boolean(),
  highContrast: z.boolean(),
  notifications: notificationSettingsSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

/**
 * A user of the team as every signed-in user may see them (to pick an interviewer): the id and the name
 * shown — the display name, else the username. Nothing else about the account.
 */
export const teamMemberSchema = z.object({ id: z.number().int(), name: z.string() });
export type TeamMember = z.infer<typeof teamMemberSchema>;
