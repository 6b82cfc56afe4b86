import { Alert, Group, Loader, Paper, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useParams, useSearchParams } from 'react-router';
import { isReporteId, REPORTES, type ReporteResumen } from '@intranet/contract/areas/reportes';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { reporteCsvUrl, useCatalogo, useResultado } from './api.ts';
import { reportesMessages as t } from './messages.ts';
import { parametrosDeUrl, parametrosQuery, type ParametrosSchema } from './parametros.ts';
import { ParametrosForm } from './ParametrosForm.tsx';
import { ReporteChart } from './ReporteChart.tsx';
import { REPORTES_PATH } from './ReportesCatalogo.tsx';
import { ReporteTabla } from './ReporteTabla.tsx';

const back = { to: REPORTES_PATH, label: t.volver };

/** `/soluciones/reporte/:id`: a report of the session's catalogue, its parameters kept in the URL. */
export function ReporteScreen() {
  const id = useParams().id ?? '';
  const catalogo = useCatalogo();
  const resumen = catalogo.data?.find((r) => r.id === id);
  if (catalogo.isPending) return <Loader size="sm" />;
  if (!resumen || !isReporteId(id)) {
    return (
      <>
        <PageHeader title={t.titulo} back={back} />
        <Alert color="yellow" icon={<IconAlertCircle size={18} />}>
          {catalogo.isError ? catalogo.error.message : t.noEncontrado}
        </Alert>
      </>
    );
  }
  return <Reporte key={id} resumen={resumen} schema={REPORTES[id].schema as ParametrosSchema} />;
}

function Reporte({ resumen, schema }: { resumen: ReporteResumen; schema: ParametrosSchema }) {
  const [search, setSearch] = useSearchParams();
  const { query, valores } = parametrosDeUrl(schema, search);
  const resultado = useResultado(resumen.id, query);

  const ejecutar = (nuevos: Record<string, unknown>) => {
    const siguiente = parametrosQuery(schema, nuevos);
    if (siguiente === search.toString()) void resultado.refetch();
    else setSearch(siguiente);
  };

  return (
    <>
      <PageHeader
        title={resumen.nombre}
        back={back}
        actions={
          query !== null && <ExportButton url={reporteCsvUrl(resumen.id, query)} name={`reporte-${resumen.id}`} />
        }
      />
      <Text size="sm" c="dimmed" mb="md">
        {resumen.descripcion}
      </Text>
      <ParametrosForm
        parametros={resumen.parametros}
        schema={schema}
        valores={valores}
        invalidos={query === null}
        ejecutando={resultado.isFetching}
        onEjecutar={ejecutar}
      />
      {resultado.isError && (
        <Alert color="red" title={t.errorEjecutar} icon={<IconAlertCircle size={18} />} role="alert" mb="md">
          {resultado.error.message}
        </Alert>
      )}
      {resultado.isPending && query !== null && (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t.ejecutando}</Text>
        </Group>
      )}
      {resultado.data && (
        <>
          <Paper withBorder p="md" mb="md">
            <Title order={2} size="h5" mb="sm">
              {t.grafico}
            </Title>
            <ReporteChart nombre={resumen.nombre} resultado={resultado.data} />
          </Paper>
          <Title order={2} size="h5" mb="xs">
            {t.resultado}
          </Title>
          <ReporteTabla
            id={resumen.id}
            nombre={resumen.nombre}
            resultado={resultado.data}
            fetching={resultado.isPlaceholderData}
          />
        </>
      )}
    </>
  );
}
