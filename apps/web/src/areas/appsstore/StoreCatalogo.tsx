import {
  Alert,
  Anchor,
  Center,
  Group,
  Loader,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { QRCodeSVG } from 'qrcode.react';
import { STORE_CANALES, STORE_CATALOGO_SORT, storeCatalogoQuery } from '@intranet/contract/areas/appsstore';
import { ExportButton } from '../../components/ExportButton/ExportButton.tsx';
import { FilterSelect } from '../../components/FilterSelect.tsx';
import { ListSearch } from '../../components/ListSearch.tsx';
import { listMessages } from '../../components/messages.ts';
import { useListState } from '../../core/list/useListState.ts';
import { catalogoCsvUrl, indiceUrl, useCatalogo, useCategorias, useStoreConfig } from './api.ts';
import { AppCard } from './AppCard.tsx';
import { appsstoreMessages as t } from './messages.ts';
import { StoreLayout } from './StoreLayout.tsx';

const canalOptions = STORE_CANALES.map((canal) => ({ value: canal, label: t.canales[canal] }));
const destacadaOptions = [
  { value: 'true', label: t.soloDestacadas },
  { value: 'false', label: t.noDestacadas },
];
const ordenOptions = STORE_CATALOGO_SORT.flatMap((campo) => [campo, `-${campo}`])
  .filter((value) => t.ordenes[value])
  .map((value) => ({ value, label: t.ordenes[value]! }));

/** The public index's address and its QR code: what a device client is pointed at. */
function IndicePublico() {
  const url = indiceUrl();
  return (
    <Paper withBorder radius="md" p="sm">
      <Group gap="sm" wrap="nowrap">
        <QRCodeSVG value={url} size={72} marginSize={1} role="img" aria-label={t.qrIndice} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Anchor href={url} target="_blank" rel="noreferrer" size="sm" fw={600}>
            {t.indice}
          </Anchor>
          <Text size="xs" c="dimmed" ff="monospace" truncate>
            {url}
          </Text>
          <Text size="xs" c="dimmed">
            {t.indiceAyuda}
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}

/** `/appsstore/catalogo`: the published catalogue as staff see it (also during maintenance), as cards. */
export function StoreCatalogo() {
  const list = useListState(storeCatalogoQuery);
  const catalogo = useCatalogo(list.apiParams);
  const config = useStoreConfig();
  const categorias = useCategorias();
  const canales = config.data?.canales ?? STORE_CANALES;
  const total = catalogo.data?.total ?? 0;

  return (
    <StoreLayout
      tab="catalogo"
      actions={<ExportButton url={catalogoCsvUrl(list.exportParams)} name="appsstore-catalogo" />}
    >
      <Stack gap="md">
        {config.data?.mantenimiento.activo && (
          <Alert color="orange" icon={<IconTool size={18} />} title={t.mantenimientoActivo} role="status">
            {config.data.mantenimiento.mensaje}
          </Alert>
        )}
        <IndicePublico />
        <Group gap="sm" align="flex-end">
          <ListSearch value={list.q} onSearch={list.setSearch} placeholder={t.buscarPlaceholder} />
          <FilterSelect
            label={t.categoria}
            value={list.query.categoria}
            options={(categorias.data ?? []).map((c) => ({ value: c, label: c }))}
            onChange={(categoria) => list.setFilter('categoria', categoria)}
            searchable
          />
          <FilterSelect
            label={t.canal}
            value={list.query.canal}
            options={canalOptions}
            onChange={(canal) => list.setFilter('canal', canal)}
          />
          <FilterSelect
            label={t.destacada}
            value={list.query.destacada === undefined ? undefined : String(list.query.destacada)}
            options={destacadaOptions}
            onChange={(value) => list.setFilter('destacada', value)}
          />
          <Select
            label={t.orden}
            data={ordenOptions}
            value={list.sort ?? 'nombre'}
            onChange={(sort) => list.setSort(sort ?? undefined)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', sm: 230 }}
          />
        </Group>
        <CatalogoCuerpo estado={catalogo} canales={canales} />
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {t.total(total)}
          </Text>
          {total > list.size && (
            <Pagination
              total={Math.ceil(total / list.size)}
              value={list.page}
              onChange={list.setPage}
              aria-label={t.paginas}
            />
          )}
        </Group>
      </Stack>
    </StoreLayout>
  );
}

function CatalogoCuerpo({
  estado,
  canales,
}: {
  estado: ReturnType<typeof useCatalogo>;
  canales: readonly (typeof STORE_CANALES)[number][];
}) {
  if (estado.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={listMessages.cargando} />
      </Center>
    );
  }
  if (estado.isError) {
    return (
      <Alert color="red" role="alert" title={listMessages.errorCarga}>
        {estado.error.message}
      </Alert>
    );
  }
  if (estado.data.items.length === 0) return <Text c="dimmed">{t.sinApps}</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" style={{ opacity: estado.isPlaceholderData ? 0.6 : 1 }}>
      {estado.data.items.map((app) => (
        <AppCard key={app.id} app={app} canales={canales} />
      ))}
    </SimpleGrid>
  );
}
