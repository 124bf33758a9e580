import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { loginSchema, type LoginInput } from '@shared/schemas/user.schema';
import { Button } from '@/ui/Button';
import { FormError } from '@/ui/FormError';
import { FormField, fieldControlProps } from '@/ui/FormField';
import { Input } from '@/ui/Input';
import { setServerFieldErrors } from '@/ui/form-errors';
import { toast } from '@/ui/toast/toast-queue';
import { signIn } from './auth-actions';

export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '', rememberMe: false },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (await signIn(values, (error) => setServerFieldErrors(error, setError, ['username', 'password']))) onSuccess();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Login">
      <FormField id="login-username" label="Username" error={errors.username?.message}>
        <Input autoComplete="username" autoCapitalize="none" {...fieldControlProps('login-username', { error: errors.username?.message })} {...register('username')} />
      </FormField>
      <FormField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        labelExtra={
          <a
            href="#"
            className="text-sm text-primary hover:underline"
            onClick={(event) => {
              event.preventDefault();
              toast({ title: 'Forgot password?', description: 'Ask an administrator to set a new password for you.' });
            }}
          >
            Forgot password
          </a>
        }
      >
        <Input type="password" autoComplete="current-password" {...fieldControlProps('login-password', { error: errors.password?.message })} {...register('password')} />
      </FormField>
      <label className="flex items-center gap-2 text-sm max-sm:min-h-11">
        <input type="checkbox" className="size-4 rounded border-input accent-primary" {...register('rememberMe')} />
        Remember me
      </label>
      <FormError message={errors.root?.server?.message} />
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Logging in...' : 'Login'}
      </Button>
    </form>
  );
}
