import {
  Alert,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Image,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TotpInscripcion } from '@intranet/contract/areas/auth';
import { IconCheck, IconCopy, IconDownload, IconShieldLock } from '@tabler/icons-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { HttpError } from '../../core/http/HttpError.ts';
import { usePermisos } from '../../core/permisos/usePermiso.ts';
import { useConfirmarTotp, useDesactivarTotp, useInscribirTotp, useTotpEstado } from './api.ts';
import { authMessages } from './messages.ts';

const t = authMessages.segundoFactor;

/** A refused code's words: the field's message when the server gave one, else its message. */
const errorDe = (error: unknown) =>
  error instanceof HttpError ? (error.campos.codigo?.[0] ?? error.message) : String(error);

/** One code field and its button; the code is sent as typed, spaces removed. */
function CodigoForm({
  label,
  boton,
  onCodigo,
  cargando,
  error,
  extra,
}: {
  label: string;
  boton: string;
  onCodigo: (codigo: string) => void | Promise<void>;
  cargando: boolean;
  error: string | null;
  extra?: ReactNode;
}) {
  const [codigo, setCodigo] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void onCodigo(codigo.replace(/\s/g, ''));
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Group align="flex-start" gap="sm">
        <TextInput
          label={label}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          maxLength={11}
          w={200}
          value={codigo}
          error={error}
          onChange={(e) => setCodigo(e.currentTarget.value)}
        />
        <Button type="submit" mt={25} loading={cargando}>
          {boton}
        </Button>
        {extra}
      </Group>
    </form>
  );
}

/** The recovery codes, this once: copy, download as text, and a button to say they are kept. */
function CodigosRecuperacion({ codigos, onListo }: { codigos: string[]; onListo: () => void }) {
  const texto = `Intranet: códigos de recuperación del segundo factor\n\n${codigos.join('\n')}\n`;
  return (
    <Stack gap="sm">
      <Text fw={600}>{t.codigosTitulo}</Text>
      <Alert color="orange" role="status">
        {t.codigosAyuda}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs" aria-label={t.codigosTitulo} role="list">
        {codigos.map((c) => (
          <Code key={c} role="listitem" fz="md" ta="center" py={6}>
            {c}
          </Code>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codigos.join('\n')}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? t.copiado : t.copiar}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          component="a"
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(texto)}`}
          download="intranet-codigos-de-recuperacion.txt"
        >
          {t.descargar}
        </Button>
        <Button onClick={onListo}>{t.listo}</Button>
      </Group>
    </Stack>
  );
}

/** Enrolment: the QR code and the key as text, then the first code confirms it. */
function Inscripcion({
  inscripcion,
  onCodigos,
}: {
  inscripcion: TotpInscripcion;
  onCodigos: (codigos: string[]) => void;
}) {
  const confirmar = useConfirmarTotp();
  return (
    <Stack gap="md">
      <Text size="sm">{t.paso1}</Text>
      <Group align="flex-start" gap="lg">
        <Image
          src={inscripcion.qr}
          alt={`Código QR: ${inscripcion.uri.split('?')[0]}`}
          w={200}
          h={200}
          bg="white"
          p={4}
          radius="sm"
        />
        <Stack gap={4} maw={320}>
          <Text size="sm" c="dimmed">
            {t.claveManual}
          </Text>
          <Code fz="sm" style={{ wordBreak: 'break-all' }}>
            {inscripcion.secreto.match(/.{1,4}/g)?.join(' ')}
          </Code>
        </Stack>
      </Group>
      <Text size="sm">{t.paso2}</Text>
      <CodigoForm
        label={t.codigo}
        boton={t.confirmar}
        cargando={confirmar.isPending}
        error={confirmar.error ? errorDe(confirmar.error) : null}
        onCodigo={async (codigo) => {
          // Awaited rather than a callback of mutate: once on, the screen's state swaps this form out before
          // it returns.
          const { codigos } = await confirmar.mutateAsync({ codigo }).catch(() => ({ codigos: null }));
          if (!codigos) return;
          notifications.show({ color: 'green', title: t.activado, message: '' });
          onCodigos(codigos);
        }}
      />
    </Stack>
  );
}

/** "Segundo factor" (user menu): its state; turn it on with a QR code and a code, or off with a code. */
export function SegundoFactorScreen() {
  const estado = useTotpEstado();
  const permisos = usePermisos();
  const inscribir = useInscribirTotp();
  const desactivar = useDesactivarTotp();
  const [codigos, setCodigos] = useState<string[] | null>(null);
  const [apagando, setApagando] = useState(false);
  const e = estado.data;
  return (
    <>
      <PageHeader
        title={t.titulo}
        actions={
          permisos.data?.has('USUARIOS#ADMIN') && (
            <Button variant="default" component={Link} to="/segundo-factor/cuentas">
              {t.administrar}
            </Button>
          )
        }
      />
      <Text size="sm" c="dimmed" mb="md" maw={760}>
        {t.ayuda}
      </Text>
      {estado.isPending && <Loader size="sm" />}
      {estado.isError && (
        <Alert color="red" role="alert">
          {estado.error.message}
        </Alert>
      )}
      {e && (
        <Paper withBorder p="lg" radius="md" maw={760}>
          <Stack gap="md">
            <Group gap="sm">
              <IconShieldLock size={22} />
              <Badge color={e.activo ? 'green' : 'gray'} variant="light" size="lg">
                {e.activo ? t.activo : t.inactivo}
              </Badge>
            </Group>
            {codigos ? (
              <CodigosRecuperacion codigos={codigos} onListo={() => setCodigos(null)} />
            ) : e.activo ? (
              <>
                <Text size="sm">{t.restantes(e.codigos_restantes)}</Text>
                {e.requerido ? (
                  <Text size="sm" c="dimmed">
                    {t.requerido}
                  </Text>
                ) : apagando ? (
                  <Stack gap="xs">
                    <Text size="sm">{t.desactivarAyuda}</Text>
                    <CodigoForm
                      label={t.codigo}
                      boton={t.desactivar}
                      cargando={desactivar.isPending}
                      error={desactivar.error ? errorDe(desactivar.error) : null}
                      onCodigo={(codigo) =>
                        desactivar.mutate(
                          { codigo },
                          {
                            onSuccess: () => {
                              setApagando(false);
                              notifications.show({ color: 'green', title: t.desactivado, message: '' });
                            },
                          },
                        )
                      }
                      extra={
                        <Button variant="default" mt={25} onClick={() => setApagando(false)}>
                          {t.cancelar}
                        </Button>
                      }
                    />
                  </Stack>
                ) : (
                  <Group>
                    <Button variant="default" color="red" onClick={() => setApagando(true)}>
                      {t.desactivar}
                    </Button>
                  </Group>
                )}
              </>
            ) : (
              <>
                {e.requerido && (
                  <Alert color="orange" role="status">
                    {t.requeridoPendiente}
                  </Alert>
                )}
                {inscribir.data ? (
                  <Inscripcion inscripcion={inscribir.data} onCodigos={setCodigos} />
                ) : (
                  <Group>
                    <Button
                      leftSection={<IconShieldLock size={16} />}
                      loading={inscribir.isPending}
                      onClick={() => inscribir.mutate()}
                    >
                      {t.activar}
                    </Button>
                  </Group>
                )}
                {inscribir.isError && (
                  <Alert color="red" role="alert">
                    {inscribir.error.message}
                  </Alert>
                )}
              </>
            )}
          </Stack>
        </Paper>
      )}
    </>
  );
}
