import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { loginRequest } from '@intranet/contract/auth';
import { messages } from '../core/messages.ts';
import { takeBlockedRoute } from '../core/session/session.ts';
import { signIn } from '../core/session/signIn.ts';

const t = messages.login;

/** Spec §5: both fields required, errors once touched or changed, no submit while invalid. */
export function LoginForm() {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm({
    mode: 'all',
    resolver: zodResolver(loginRequest),
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  // handleSubmit validates every field first (so all show their errors) and never calls this while invalid.
  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    const result = await signIn(credentials);
    if (!result.ok) {
      setServerError(result.error);
      return;
    }
    await navigate(takeBlockedRoute() ?? '/', { replace: true });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={t.titulo}>
      <Stack gap="md">
        <TextInput
          label={t.usuario}
          placeholder={t.usuarioPlaceholder}
          autoComplete="username"
          autoFocus
          error={errors.username?.message}
          {...register('username')}
        />
        <PasswordInput
          label={t.contrasena}
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
            {serverError}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={isSubmitting} disabled={isSubmitting}>
          {t.ingresar}
        </Button>
      </Stack>
    </form>
  );
}
