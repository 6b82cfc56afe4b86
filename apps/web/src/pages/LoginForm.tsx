import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { messages } from '../core/messages.ts';
import { navigateTo, prepareNavigation } from '../core/navigation.ts';
import { takeBlockedRoute } from '../core/session/session.ts';
import { signIn } from '../core/session/signIn.ts';
import { useLoginForm } from './LoginFormState.ts';

const t = messages.login;

/** Spec §5: both fields required, errors once touched or changed, no submit while invalid. */
export function LoginForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const { field, submit, submitting } = useLoginForm(async (credentials) => {
    setServerError(null);
    // The next screen's code (the router, when /login runs without it) loads while the server answers.
    prepareNavigation();
    const result = await signIn(credentials);
    if (!result.ok) {
      setServerError(result.error);
      return;
    }
    await navigateTo(takeBlockedRoute() ?? '/', { replace: true });
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label={t.titulo}>
      <Stack gap="md">
        <TextInput
          label={t.usuario}
          placeholder={t.usuarioPlaceholder}
          autoComplete="username"
          autoFocus
          {...field('username')}
        />
        <PasswordInput label={t.contrasena} autoComplete="current-password" {...field('password')} />
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="login-error">
            {serverError}
          </Alert>
        )}
        <Button type="submit" fullWidth loading={submitting} disabled={submitting}>
          {t.ingresar}
        </Button>
      </Stack>
    </form>
  );
}
