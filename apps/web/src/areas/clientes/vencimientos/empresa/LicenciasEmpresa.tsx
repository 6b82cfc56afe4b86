import { Button, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { LICENCIA_TIPO_ETIQUETA, type Licencia } from '@intranet/contract/clientes/vencimientos';
import { formatFecha } from '../../../../core/format.ts';
import { abrirLicencia } from '../LicenciaDialog.tsx';
import { vencimientosMessages as t } from '../messages.ts';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

interface LicenciasEmpresaProps {
  empresaId: number;
  licencias: Licencia[];
  puedeEditar: boolean;
}

/** What a licence's expiry column says: its cancellation, its expiry or that it does not expire. */
function venceTexto(l: Licencia): string {
  if (l.baja) return `${t.deBaja} (${formatFecha(l.baja)})`;
  return l.vence ? formatFecha(l.vence) : t.sinVence;
}

/** The client's Physis licences (product and module, kind, users, term, contact). */
export function LicenciasEmpresa({ empresaId, licencias, puedeEditar }: LicenciasEmpresaProps) {
  return (
    <Seccion
      title={t.licencias}
      action={
        puedeEditar && (
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => abrirLicencia({ empresaId })}>
            {t.nuevaLicencia}
          </Button>
        )
      }
      vacio={licencias.length === 0 ? t.sinLicencias : null}
    >
      <Table.ScrollContainer minWidth={700}>
        <Table striped aria-label={t.licencias}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.licencia.producto}</Table.Th>
              <Table.Th>{t.licencia.tipo}</Table.Th>
              <Table.Th>{t.licencia.usuarios}</Table.Th>
              <Table.Th>{t.licencia.inicio}</Table.Th>
              <Table.Th>{t.licencia.vence}</Table.Th>
              <Table.Th>{t.licencia.contacto}</Table.Th>
              {puedeEditar && <Table.Th />}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {licencias.map((l) => {
              const nombre = l.modulo ? `${l.producto} · ${l.modulo}` : l.producto;
              return (
                <Table.Tr key={l.id}>
                  <Table.Td>
                    <Text size="sm">{nombre}</Text>
                    {l.serial && (
                      <Text size="xs" c="dimmed">
                        {l.serial}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {LICENCIA_TIPO_ETIQUETA[l.tipo]}
                    {l.renovacion_auto ? ' · auto' : ''}
                  </Table.Td>
                  <Table.Td>{l.usuarios}</Table.Td>
                  <Table.Td>{formatFecha(l.inicio)}</Table.Td>
                  <Table.Td>{venceTexto(l)}</Table.Td>
                  <Table.Td>{l.contacto}</Table.Td>
                  {puedeEditar && <ItemAcciones tipo="licencia" id={l.id} nombre={nombre} onEditar={() => abrirLicencia({ licencia: l })} />}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Seccion>
  );
}
