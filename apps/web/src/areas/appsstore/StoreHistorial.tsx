import { Paper } from '@mantine/core';
import { HistoryTab } from '../../components/HistoryTab/HistoryTab.tsx';
import { appsstoreMessages as t } from './messages.ts';
import { StoreLayout } from './StoreLayout.tsx';

/** `/appsstore/historial`: every change of the store's configuration. */
export function StoreHistorial() {
  return (
    <StoreLayout tab="historial">
      <Paper withBorder radius="md" p="lg">
        <HistoryTab entidad="appsstore_config" id="config" labels={t.campos} valueLabels={{ canales: t.canales }} />
      </Paper>
    </StoreLayout>
  );
}
