import { describe, expect, it } from 'vitest';
import {
  addUserFormSchema,
  createUserSchema,
  editUserFormSchema,
  loginSchema,
  passwordFormSchema,
  profileFormSchema,
  registerFormSchema,
  updateUserSchema,
} from './user.schema';

function messages(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('user schemas', () => {
  it('login needs a username and a password', () => {
    expect(messages(loginSchema.safeParse({ username: '', password: '' }))).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(loginSchema.parse({ username: ' amy ', password: 'x', rememberMe: true })).toEqual({
      username: 'amy',
      password: 'x',
      rememberMe: true,
    });
  });

  it('register form checks confirmation', () => {
    expect(messages(registerFormSchema.safeParse({ username: 'amy', password: 'secret1', confirmPassword: '' }))).toEqual({
      confirmPassword: 'Please confirm your password',
    });
    expect(
      messages(registerFormSchema.safeParse({ username: 'amy', password: 'secret1', confirmPassword: 'secret2' })),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
    expect(registerFormSchema.safeParse({ username: 'amy', password: 'secret1', confirmPassword: 'secret1' }).success).toBe(
      true,
    );
  });

  it('create user defaults the role to recruiter and applies the length rules', () => {
    expect(createUserSchema.parse({ username: 'amy', password: 'secret1' }).role).toBe('recruiter');
    expect(messages(createUserSchema.safeParse({ username: 'am', password: 'short' }))).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });

  it('edit user accepts any subset with the same bounds', () => {
    expect(updateUserSchema.safeParse({}).success).toBe(true);
    expect(messages(updateUserSchema.safeParse({ password: 'abc' }))).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });

  it('profile email must be valid or empty', () => {
    expect(messages(profileFormSchema.safeParse({ username: 'amy', email: 'nope' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(profileFormSchema.safeParse({ username: 'amy', email: '' }).success).toBe(true);
  });

  it('password change has the spec messages', () => {
    expect(
      messages(passwordFormSchema.safeParse({ currentPassword: '', newPassword: '123', confirmPassword: '456' })),
    ).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'New password must be at least 6 characters',
      confirmPassword: 'Passwords do not match',
    });
    expect(
      messages(passwordFormSchema.safeParse({ currentPassword: 'a', newPassword: '123456', confirmPassword: '654321' })),
    ).toEqual({ confirmPassword: 'Passwords do not match' });
  });

  it('the Add User dialog needs all three fields with the create rules', () => {
    expect(messages(addUserFormSchema.safeParse({ username: 'am', password: 'short', role: 'boss' }))).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
      role: 'Role must be admin or recruiter',
    });
    expect(addUserFormSchema.parse({ username: ' amy ', password: 'secret1', role: 'admin' })).toEqual({
      username: 'amy',
      password: 'secret1',
      role: 'admin',
    });
  });

  it('the Edit User dialog keeps the password when it is left empty, else applies the length rule', () => {
    expect(editUserFormSchema.parse({ username: 'amy', password: '', role: 'recruiter' }).password).toBe('');
    expect(messages(editUserFormSchema.safeParse({ username: 'amy', password: 'abc', role: 'recruiter' }))).toEqual({
      password: 'Password must be at least 6 characters',
    });
  });
});
