import { Alert, Anchor, Button, Divider, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Sesion } from '@intranet/contract/areas/auth';
import { messages } from '../core/messages.ts';
import { navigateTo, prepareNavigation } from '../core/navigation.ts';
import { takeBlockedRoute } from '../core/session/session.ts';
import { exchangeOidcCode, oidcProvider, oidcStartUrl, signIn, verifySecondStep } from '../core/session/signIn.ts';
import { useLoginForm } from './LoginFormState.ts';

const t = messages.login;

/** Where a new session goes: the enrolment its role requires first, else the route that had been blocked. */
const entrar = (sesion: Sesion) =>
  navigateTo(sesion.usuario.segundo_factor_pendiente ? '/segundo-factor' : (takeBlockedRoute() ?? '/'), {
    replace: true,
  });

const CODIGO = /^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/i;

/** The second step: the code of the authenticator app, or a recovery code; a wrong one says so under the field. */
function SegundoPaso({ desafio, onVolver }: { desafio: string; onVolver: () => void }) {
  const [recuperacion, setRecuperacion] = useState(false);
  const [codigo, setCodigo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [verificando, setVerificando] = useState(false);
  const campo = useRef<HTMLInputElement>(null);
  const verificar = async (valor: string) => {
    const limpio = valor.trim().replace(/\s/g, '');
    if (!limpio) return setError(t.codigoRequerido);
    if (!CODIGO.test(limpio)) return setError(t.codigoInvalido);
    setError(null);
    setVerificando(true);
    try {
      const result = await verifySecondStep(desafio, limpio);
      if (!result.ok) {
        // The next try starts on an empty field, with the cursor in it.
        setCodigo('');
        setError(result.error);
        campo.current?.focus();
        return;
      }
      await entrar(result.sesion);
    } finally {
      setVerificando(false);
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verificar(codigo);
  };
  return (
    <form onSubmit={submit} noValidate aria-label={t.segundoPasoTitulo}>
      <Stack gap="md">
        <Text fw={600}>{t.segundoPasoTitulo}</Text>
        <Text size="sm" c="dimmed">
          {t.segundoPasoTexto}
        </Text>
        <TextInput
          label={recuperacion ? t.codigoRecuperacion : t.codigo}
          placeholder={recuperacion ? 'abcde-fghij' : '123456'}
          inputMode={recuperacion ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          autoFocus
          ref={campo}
          value={codigo}
          error={error}
          onChange={(event) => {
            const valor = event.currentTarget.value;
            setCodigo(valor);
            setError(null);
            // The app's six digits send the form by themselves (a recovery code is sent with the button).
            if (!recuperacion && !verificando && /^\d{6}$/.test(valor.replace(/\s/g, ''))) void verificar(valor);
          }}
        />
        <Button type="submit" fullWidth loading={verificando}>
          {t.verificar}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={() => setRecuperacion((r) => !r)}>
          {recuperacion ? t.usarAplicacion : t.usarRecuperacion}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={onVolver}>
          {t.volver}
        </Anchor>
      </Stack>
    </form>
  );
}

/** Only a path of this portal is a place to land (never another site). */
const destinoSeguro = (destino: string | null) => (destino && /^\/(?!\/)/.test(destino) ? destino : '/');

/**
 * The provider's return: `?oidc=<one-time code>&destino=` is exchanged for the session (the code leaves the
 * address bar at once); `?oidc_error=` is the server's message. Read once, when the page opens.
 */
function useVueltaOidc(setError: (mensaje: string) => void): boolean {
  const [volviendo] = useState(() => new URLSearchParams(window.location.search).has('oidc'));
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const codigo = params.get('oidc');
    const error = params.get('oidc_error');
    if (!codigo && !error) return;
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (error) return setError(error);
    // As after a password: the next screen's code loads while the server answers.
    prepareNavigation();
    void exchangeOidcCode(codigo!).then((result) => {
      if (!result.ok) return setError('error' in result ? result.error : messages.http.respuestaInesperada);
      return navigateTo(
        result.sesion.usuario.segundo_factor_pendiente ? '/segundo-factor' : destinoSeguro(params.get('destino')),
        { replace: true },
      );
    });
  }, [setError]);
  return volviendo;
}

/** "Ingresar con <proveedor>", only when the server has OpenID set. */
function BotonOidc() {
  const [nombre, setNombre] = useState<string | null>(null);
  useEffect(() => {
    let vigente = true;
    void oidcProvider().then((n) => vigente && setNombre(n));
    return () => {
      vigente = false;
    };
  }, []);
  if (!nombre) return null;
  return (
    <>
      <Divider label={t.o} labelPosition="center" />
      <Button
        variant="default"
        fullWidth
        onClick={() => window.location.assign(oidcStartUrl(takeBlockedRoute() ?? '/'))}
      >
        {t.ingresarCon(nombre)}
      </Button>
    </>
  );
}

/** The rules the specification fixes: both fields required, errors once touched or changed, no submit while invalid. */
export function LoginForm() {
  const [serverError, setServerError] = useState<string | null>(null);
  const volviendo = useVueltaOidc(setServerError);
  const [desafio, setDesafio] = useState<string | null>(null);
  const { field, submit, submitting } = useLoginForm(async (credentials) => {
    setServerError(null);
    // The next screen's code (the router, when /login runs without it) loads while the server answers.
    prepareNavigation();
    const result = await signIn(credentials);
    if ('segundoPaso' in result) {
      setDesafio(result.segundoPaso);
      return;
    }
    if (!result.ok) {
      setServerError(result.error);
      return;
    }
    await entrar(result.sesion);
  });

  if (desafio) return <SegundoPaso desafio={desafio} onVolver={() => setDesafio(null)} />;
  if (volviendo && !serverError) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <Loader size="sm" />
        <Text size="sm" c="dimmed">
          {t.volviendo}
        </Text>
      </Stack>
    );
  }

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
        <BotonOidc />
      </Stack>
    </form>
  );
}
