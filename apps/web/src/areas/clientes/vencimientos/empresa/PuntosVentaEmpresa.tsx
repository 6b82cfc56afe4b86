import { Button, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { MODALIDAD_ETIQUETA, type PuntoVenta } from '@intranet/contract/clientes/vencimientos';
import { formatFecha } from '../../../../core/format.ts';
import { vencimientosMessages as t } from '../messages.ts';
import { abrirPuntoVenta } from '../PuntoVentaDialog.tsx';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

interface PuntosVentaEmpresaProps {
  empresaId: number;
  puntosVenta: PuntoVenta[];
  puedeEditar: boolean;
}

/** The client's AFIP points of sale, with the expiry of their CAI. */
export function PuntosVentaEmpresa({ empresaId, puntosVenta, puedeEditar }: PuntosVentaEmpresaProps) {
  return (
    <Seccion
      title={t.puntosVenta}
      action={
        puedeEditar && (
          <Button size="xs" variant="default" leftSection={<IconPlus size={14} />} onClick={() => abrirPuntoVenta({ empresaId })}>
            {t.nuevoPuntoVenta}
          </Button>
        )
      }
      vacio={puntosVenta.length === 0 ? t.sinPuntosVenta : null}
    >
      <Table striped aria-label={t.puntosVenta}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t.puntoVenta.numero}</Table.Th>
            <Table.Th>{t.puntoVenta.modalidad}</Table.Th>
            <Table.Th>{t.puntoVenta.cai_vence}</Table.Th>
            <Table.Th>{t.puntoVenta.descripcion}</Table.Th>
            {puedeEditar && <Table.Th />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {puntosVenta.map((p) => {
            const nombre = `PV ${String(p.numero).padStart(5, '0')}`;
            return (
              <Table.Tr key={p.id}>
                <Table.Td>{nombre}</Table.Td>
                <Table.Td>{MODALIDAD_ETIQUETA[p.modalidad]}</Table.Td>
                <Table.Td>{p.cai_vence ? formatFecha(p.cai_vence) : '—'}</Table.Td>
                <Table.Td>{p.descripcion}</Table.Td>
                {puedeEditar && <ItemAcciones tipo="punto_venta" id={p.id} nombre={nombre} onEditar={() => abrirPuntoVenta({ punto: p })} />}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Seccion>
  );
}
