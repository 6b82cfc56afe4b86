import { Button, Code, Text, Tooltip } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { formatCuit } from '@intranet/contract/clientes';
import { AMBIENTE_ETIQUETA, type Certificado } from '@intranet/contract/clientes/vencimientos';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { formatFecha } from '../../../../core/format.ts';
import { abrirCertificado } from '../CertificadoDialog.tsx';
import { abrirImportarCertificado } from '../ImportarCertificadoDialog.tsx';
import { vencimientosMessages as t } from '../messages.ts';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

const columnas: ColumnDef<Certificado>[] = [
  {
    id: 'alias',
    header: t.alias,
    cell: ({ row: { original: c } }) => (
      <>
        <Text size="sm">{c.alias ?? c.cn}</Text>
        <Text size="xs" c="dimmed">
          CN {c.cn}
        </Text>
      </>
    ),
  },
  { id: 'cuit', header: t.cert.cuit, cell: ({ row }) => formatCuit(row.original.cuit) },
  { id: 'ambiente', header: t.cert.ambiente, cell: ({ row }) => AMBIENTE_ETIQUETA[row.original.ambiente] },
  { id: 'servicios', header: t.cert.servicios, cell: ({ row }) => row.original.servicios.join(', ') },
  { id: 'emitido', header: t.cert.emitido, cell: ({ row }) => formatFecha(row.original.emitido) },
  { id: 'vence', header: t.cert.vence, cell: ({ row }) => formatFecha(row.original.vence) },
  {
    id: 'huella',
    header: t.cert.huella,
    cell: ({ row: { original: c } }) => (
      <Tooltip label={c.huella}>
        <Code>{c.huella.slice(0, 17)}…</Code>
      </Tooltip>
    ),
  },
];

/** The same columns with the edit and delete buttons last, for those who may edit. */
const columnasEditables: ColumnDef<Certificado>[] = [
  ...columnas,
  {
    id: 'acciones',
    cell: ({ row: { original: c } }) => <ItemAcciones tipo="certificado" id={c.id} nombre={c.alias ?? c.cn} onEditar={() => abrirCertificado(c)} />,
  },
];

interface CertificadosEmpresaProps {
  empresaId: number;
  certificados: Certificado[];
  puedeEditar: boolean;
}

/** The client's AFIP certificates, imported from their file and then named and described. */
export function CertificadosEmpresa({ empresaId, certificados, puedeEditar }: CertificadosEmpresaProps) {
  return (
    <Seccion
      title={t.certificados}
      action={
        puedeEditar && (
          <Button size="xs" leftSection={<IconCertificate size={14} />} onClick={() => abrirImportarCertificado(empresaId)}>
            {t.importar}
          </Button>
        )
      }
      vacio={certificados.length === 0 ? t.sinCertificados : null}
    >
      <DataTable
        label={t.certificados}
        columns={puedeEditar ? columnasEditables : columnas}
        rows={certificados}
        getRowId={(c) => String(c.id)}
        minWidth={700}
      />
    </Seccion>
  );
}
