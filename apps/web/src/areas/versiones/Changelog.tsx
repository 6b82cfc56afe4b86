import {
  Alert,
  Anchor,
  Badge,
  Card,
  Divider,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
  Typography,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { listMessages } from '../../components/messages.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { formatFecha } from '../../core/format.ts';
import { assetUrl, useChangelog, useChangelogProductos } from './api.ts';
import { versionesMessages as t } from './messages.ts';

/** `/versiones/changelog`: the products with published versions (a session is enough to read it). */
export function ChangelogProductos() {
  const productos = useChangelogProductos();
  return (
    <>
      <PageHeader title={t.changelog} />
      {productos.isPending && <Loader aria-label={listMessages.cargando} />}
      {productos.isError && (
        <Alert color="red" role="alert" title={listMessages.errorCarga}>
          {productos.error.message}
        </Alert>
      )}
      {productos.data && (
        <Stack gap="sm" maw={720}>
          <Text c="dimmed">{productos.data.length === 0 ? t.changelogSinProductos : t.changelogElegir}</Text>
          {productos.data.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="md" component={Link} to={`/versiones/changelog/${p.id}`}>
              <Group justify="space-between">
                <Text fw={600}>{p.nombre}</Text>
                <Text size="sm" c="dimmed">
                  {t.publicadas(p.publicadas)}
                </Text>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}

/** `/versiones/changelog/:productoId`: what was published, newest version first, with the notes rendered. */
export function ChangelogProducto() {
  const id = Number(useParams().productoId);
  const changelog = useChangelog(id);
  if (changelog.isPending) return <Loader aria-label={listMessages.cargando} />;
  if (changelog.isError) {
    return (
      <>
        <PageHeader title={t.changelog} back={{ to: '/versiones/changelog', label: t.volverAlChangelog }} />
        <Alert color="red" role="alert" title={listMessages.errorCarga}>
          {changelog.error.message}
        </Alert>
      </>
    );
  }
  const { producto, versiones } = changelog.data;
  return (
    <>
      <PageHeader
        title={t.changelogDe(producto.nombre)}
        back={{ to: '/versiones/changelog', label: t.volverAlChangelog }}
      />
      {versiones.length === 0 && <Text c="dimmed">{t.changelogVacio}</Text>}
      <Stack gap="lg" maw={860}>
        {versiones.map((v) => (
          <Paper key={v.id} withBorder radius="md" p="lg" component="article" aria-labelledby={`version-${v.id}`}>
            <Group justify="space-between" align="baseline" mb="xs">
              <Group gap="sm">
                <Title order={2} size="h3" id={`version-${v.id}`}>
                  {v.numero}
                </Title>
                <Badge variant="outline" color="gray">
                  {t.canales[v.canal]}
                </Badge>
              </Group>
              {v.fecha_publicacion && (
                <Text size="sm" c="dimmed">
                  {t.publicadaEl(formatFecha(v.fecha_publicacion))}
                </Text>
              )}
            </Group>
            <Divider mb="sm" />
            {v.notas_html === '<p></p>' ? (
              <Text c="dimmed">{t.sinNotas}</Text>
            ) : (
              <Typography className="rich-text-view">
                {/* Written by the server with the editor's schema (renderHtml): only what the schema knows. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: notas_html is written by the server's renderHtml (the editor's renderer): the schema's elements only, text and attributes escaped, link URLs checked by safeUrl. */}
                <div dangerouslySetInnerHTML={{ __html: v.notas_html }} />
              </Typography>
            )}
            {v.assets.length > 0 && (
              <Group gap="md" mt="sm">
                {v.assets.map((a) => (
                  <Anchor key={a.id} href={assetUrl(a.descarga)} download={a.nombre} size="sm">
                    {a.nombre}
                  </Anchor>
                ))}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    </>
  );
}
