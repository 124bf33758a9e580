/**
 * Users: creation (with the first-account-is-admin rule), profile, password, appearance and
 * notification changes, and deletion, with the permission rules the server enforces:
 * admins manage everyone; anyone may change their own profile, password (with the current one),
 * appearance and notification settings; nobody deletes themself; the last admin stays an admin.
 */
import type { Knex } from 'knex';
import type {
  Appearance,
  CreateUserInput,
  NotificationSettings,
  RegisterInput,
  UpdateUserInput,
  User,
} from '@shared/schemas/user.schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '../lib/errors';
import { ERROR_CODES } from '@shared/api/error.schema';
import { hashPassword, verifyPassword } from '../crypto/password';
import { getSystemSettings } from '../settings/app-settings.service';
import { UserModel } from '../db/user.model';
import { forgetApiKeys } from '../api-keys/api-key-auth';

export const REGISTRATION_CLOSED_MESSAGE = 'Registration is closed. Ask an administrator for an account.';

export function toUserDto(user: UserModel): User {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    email: user.email,
    displayName: user.displayName,
    theme: user.theme,
    compactView: user.compactView,
    highContrast: user.highContrast,
    notifications: {
      emailNotifications: user.emailNotifications,
      newCandidateAlert: user.newCandidateAlert,
      statusChangeAlert: user.statusChangeAlert,
      weeklyDigest: user.weeklyDigest,
    },
    createdAt: new Date(user.createdAt).toISOString(),
  };
}

export function findByUsername(db: Knex, username: string) {
  return UserModel.query(db).whereRaw('lower(username) = lower(?)', [username.trim()]).first();
}

async function assertUsernameFree(db: Knex, username: string, exceptId?: number) {
  const existing = await findByUsername(db, username);
  if (existing && existing.id !== exceptId) throw conflict('Username already exists');
}

const emptyToNull = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);

export async function createUser(trx: Knex, input: CreateUserInput & { role: User['role'] }, logN: number) {
  await assertUsernameFree(trx, input.username);
  const user = await UserModel.query(trx).insertAndFetch({
    username: input.username.trim(),
    passwordHash: await hashPassword(input.password, logN),
    role: input.role,
    email: emptyToNull(input.email) ?? null,
    displayName: emptyToNull(input.displayName) ?? null,
  });
  return user;
}

/**
 * Self-registration. The first account becomes admin; after that registration is open only when an
 * admin allowed it, and makes recruiters. Serialised with an advisory lock so two simultaneous first
 * registrations cannot both become admin.
 */
export async function register(trx: Knex.Transaction, input: RegisterInput, logN: number) {
  await trx.raw("SELECT pg_advisory_xact_lock(hashtext('rephire.register'))");
  const { count } = (await trx('users').count({ count: '*' }).first()) as { count: string };
  const first = Number(count) === 0;
  if (!first && !(await getSystemSettings(trx)).allowSelfRegistration) {
    throw forbidden(REGISTRATION_CLOSED_MESSAGE);
  }
  return createUser(trx, { ...input, role: first ? 'admin' : 'recruiter' }, logN);
}

export async function getUser(db: Knex, id: number) {
  const user = await UserModel.query(db).findById(id);
  if (!user) throw notFound('User not found');
  return user;
}

async function assertAnotherAdminRemains(trx: Knex, leavingId: number) {
  const { count } = (await trx('users').where({ role: 'admin' }).whereNot({ id: leavingId }).count({ count: '*' }).first()) as {
    count: string;
  };
  if (Number(count) === 0) throw conflict('At least one administrator must remain');
}

export async function updateUser(trx: Knex.Transaction, actor: UserModel, id: number, input: UpdateUserInput, logN: number) {
  const isSelf = actor.id === id;
  const isAdmin = actor.role === 'admin';
  if (!isSelf && !isAdmin) throw forbidden('You can only change your own account');
  const target = await getUser(trx, id);

  const changes: Partial<UserModel> = {};
  if (input.role !== undefined && input.role !== target.role) {
    if (!isAdmin) throw forbidden('Only administrators can change roles');
    if (target.role === 'admin') {
      await trx.raw("SELECT pg_advisory_xact_lock(hashtext('rephire.admins'))");
      await assertAnotherAdminRemains(trx, target.id);
    }
    changes.role = input.role;
  }
  if (input.username !== undefined && input.username.trim() !== target.username) {
    await assertUsernameFree(trx, input.username, target.id);
    changes.username = input.username.trim();
  }
  if (input.email !== undefined) changes.email = emptyToNull(input.email) ?? null;
  if (input.displayName !== undefined) changes.displayName = emptyToNull(input.displayName) ?? null;
  if (input.password !== undefined) {
    // Changing your own password needs the current one; an admin resetting someone else's does not.
    if (isSelf) {
      if (!input.currentPassword) throw badRequest('Current password is required', { currentPassword: 'Current password is required' });
      if (!(await verifyPassword(input.currentPassword, target.passwordHash))) {
        throw new AppError(400, ERROR_CODES.validation, 'Current password is incorrect', {
          fields: { currentPassword: 'Current password is incorrect' },
        });
      }
    }
    changes.passwordHash = await hashPassword(input.password, logN);
  }
  if (Object.keys(changes).length === 0) return target;
  const updated = await UserModel.query(trx).patchAndFetchById(id, { ...changes, updatedAt: new Date() });
  if (changes.passwordHash) {
    // A new password signs out every other session of this user.
    await trx('sessions').where({ userId: id }).delete();
  }
  return updated;
}

export async function deleteUser(trx: Knex.Transaction, actor: UserModel, id: number) {
  if (actor.id === id) throw forbidden('You cannot delete your own account');
  const target = await getUser(trx, id);
  if (target.role === 'admin') {
    await trx.raw("SELECT pg_advisory_xact_lock(hashtext('rephire.admins'))");
    await assertAnotherAdminRemains(trx, target.id);
  }
  await UserModel.query(trx).deleteById(id);
  // Their integration keys went with them (cascade): stop accepting them here at once.
  forgetApiKeys((key) => key.userId === id);
}

function assertSelf(actor: UserModel, id: number) {
  if (actor.id !== id) throw forbidden('You can only change your own settings');
}

export async function updateAppearance(trx: Knex, actor: UserModel, id: number, input: Appearance) {
  assertSelf(actor, id);
  return UserModel.query(trx).patchAndFetchById(id, { ...input, updatedAt: new Date() });
}

export async function updateNotifications(trx: Knex, actor: UserModel, id: number, input: NotificationSettings) {
  assertSelf(actor, id);
  return UserModel.query(trx).patchAndFetchById(id, { ...input, updatedAt: new Date() });
}
