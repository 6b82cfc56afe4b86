import { Alert, Anchor, Badge, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconChartLine } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ReporteResumen } from '@intranet/contract/areas/reportes';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useCatalogo } from './api.ts';
import { reportesMessages as t } from './messages.ts';

export const REPORTES_PATH = '/soluciones/reporte';

/** `/soluciones/reporte`: the reports the session may run, one card each. */
export function ReportesCatalogo() {
  const catalogo = useCatalogo();
  return (
    <>
      <PageHeader title={t.titulo} />
      <Text c="dimmed" size="sm" mb="md">
        {t.intro}
      </Text>
      {catalogo.isPending && <Loader size="sm" />}
      {catalogo.isError && (
        <Alert color="red" role="alert">
          {catalogo.error.message}
        </Alert>
      )}
      {catalogo.data?.length === 0 && <Text c="dimmed">{t.sinReportes}</Text>}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="md">
        {catalogo.data?.map((reporte) => (
          <ReporteCard key={reporte.id} reporte={reporte} />
        ))}
      </SimpleGrid>
    </>
  );
}

function ReporteCard({ reporte }: { reporte: ReporteResumen }) {
  const Icon = reporte.grafico.tipo === 'lineas' ? IconChartLine : IconChartBar;
  return (
    <Card withBorder padding="md" component="article" aria-labelledby={`reporte-${reporte.id}`}>
      <Stack gap="xs" h="100%">
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Icon size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
          <Title order={2} size="h4" id={`reporte-${reporte.id}`}>
            <Anchor component={Link} to={`${REPORTES_PATH}/${reporte.id}`} inherit>
              {reporte.nombre}
            </Anchor>
          </Title>
        </Group>
        <Text size="sm" style={{ flexGrow: 1 }}>
          {reporte.descripcion}
        </Text>
        <Group gap={6}>
          {reporte.parametros.map((p) => (
            <Badge key={p.tipo === 'opcion' ? p.clave : p.tipo} variant="light" color="gray" tt="none">
              {p.etiqueta}
            </Badge>
          ))}
          <Badge variant="light" tt="none">
            {t.tipos[reporte.grafico.tipo]}
          </Badge>
        </Group>
      </Stack>
    </Card>
  );
}
