import { Button, Table } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { diasRestantesTexto, VENCIMIENTO_TIPO_ETIQUETA, type Vencimiento } from '@intranet/contract/clientes/vencimientos';
import { EstadoChip } from '../../../../components/Vencimientos/EstadoChip.tsx';
import { formatFecha } from '../../../../core/format.ts';
import { vencimientosMessages as t } from '../messages.ts';
import { abrirRenovar } from '../RenovarDialog.tsx';
import { Seccion } from './Seccion.tsx';

/** The client's next expiries of every kind, each with its days left, its state and a renewal. */
export function ProximosVencimientos({ proximos, puedeEditar }: { proximos: Vencimiento[]; puedeEditar: boolean }) {
  return (
    <Seccion title={t.tablaAfip + ' y Physis'} vacio={proximos.length === 0 ? t.sinVencimientos : null}>
      <Table.ScrollContainer minWidth={600}>
        <Table striped aria-label={t.campos.vence}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.campos.tipo}</Table.Th>
              <Table.Th>{t.campos.item}</Table.Th>
              <Table.Th>{t.campos.vence}</Table.Th>
              <Table.Th>{t.campos.dias}</Table.Th>
              <Table.Th>{t.campos.estado}</Table.Th>
              {puedeEditar && <Table.Th>{t.campos.acciones}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {proximos.map((v) => (
              <Table.Tr key={v.id}>
                <Table.Td>{VENCIMIENTO_TIPO_ETIQUETA[v.tipo]}</Table.Td>
                <Table.Td>{v.item}</Table.Td>
                <Table.Td>{formatFecha(v.vence)}</Table.Td>
                <Table.Td>{diasRestantesTexto(v.dias)}</Table.Td>
                <Table.Td>
                  <EstadoChip dias={v.dias} />
                </Table.Td>
                {puedeEditar && (
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconRefresh size={14} />}
                      aria-label={`${t.renovar} ${v.item}`}
                      onClick={() => abrirRenovar({ ...v, meses: v.tipo === 'certificado' ? 24 : 12 })}
                    >
                      {t.renovar}
                    </Button>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Seccion>
  );
}
