import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { registerFormSchema, type RegisterForm as RegisterValues } from '@shared/schemas/user.schema';
import { Button } from '@/ui/Button';
import { FormError } from '@/ui/FormError';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { setServerFieldErrors } from '@/ui/form-errors';
import { registerAccount } from './auth-actions';

const optional = <span className="text-xs text-muted-foreground">Optional</span>;

export function RegisterForm({ onSuccess }: { onSuccess: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RegisterValues>({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { username: '', password: '', confirmPassword: '', email: '', displayName: '' },
  });

  const onSubmit = handleSubmit(async ({ confirmPassword: _confirm, email, displayName, ...rest }) => {
    const body = { ...rest, ...(email ? { email } : {}), ...(displayName ? { displayName } : {}) };
    const showInForm = (error: unknown) => setServerFieldErrors(error, setError, ['username', 'password', 'email', 'displayName']);
    if (await registerAccount(body, showInForm)) onSuccess();
  });

  const field = (id: string, error?: string, hint?: string) => fieldControlProps(id, { error, hint });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <FormField id="register-username" label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" {...field('register-username', errors.username?.message)} {...register('username')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="register-password" label="Password" error={errors.password?.message}>
          <Input type="password" autoComplete="new-password" {...field('register-password', errors.password?.message)} {...register('password')} />
        </FormField>
        <FormField id="register-confirm" label="Confirm password" error={errors.confirmPassword?.message}>
          <Input type="password" autoComplete="new-password" {...field('register-confirm', errors.confirmPassword?.message)} {...register('confirmPassword')} />
        </FormField>
      </div>
      <FormField id="register-email" label="Email" labelExtra={optional} error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...field('register-email', errors.email?.message)} {...register('email')} />
      </FormField>
      <FormField id="register-display-name" label="Display name" labelExtra={optional} error={errors.displayName?.message}>
        <Input autoComplete="name" {...field('register-display-name', errors.displayName?.message)} {...register('displayName')} />
      </FormField>
      <FormError message={errors.root?.server?.message} />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating account...' : 'Create account'}
      </Button>
    </form>
  );
}
