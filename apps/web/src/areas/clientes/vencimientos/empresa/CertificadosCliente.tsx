import { ActionIcon, Button, Code, Group, Text, Tooltip } from '@mantine/core';
import { IconCertificate, IconKey, IconRefresh, IconFilePlus } from '@tabler/icons-react';
import type { ColumnDef } from '@tanstack/react-table';
import { AMBIENTE_ETIQUETA, type Certificado } from '@intranet/contract/areas/clientes/vencimientos';
import { formatCuit } from '@intranet/contract/shared/cuit';
import { DataTable } from '../../../../components/DataTable/DataTable.tsx';
import { formatFecha } from '../../../../core/format.ts';
import { abrirCertificado } from '../CertificadoDialog.tsx';
import { abrirDescargarClave } from '../DescargarClaveDialog.tsx';
import { abrirImportarCertificado } from '../ImportarCertificadoDialog.tsx';
import { vencimientosMessages as t } from '../messages.ts';
import { abrirSolicitud } from '../SolicitudDialog.tsx';
import { ItemAcciones } from './ItemAcciones.tsx';
import { Seccion } from './Seccion.tsx';

/** Whether its key is kept here, and whether a newer certificate replaced it. */
function EstadoClave({ c }: { c: Certificado }) {
  return (
    <>
      {c.clave_guardada && (
        <Tooltip label={t.clave.guardadaAyuda}>
          <Group gap={4} wrap="nowrap">
            <IconKey size={14} color="var(--mantine-color-teal-7)" aria-hidden />
            <Text size="xs" c="teal.8" fw={600}>
              {t.clave.guardada}
            </Text>
          </Group>
        </Tooltip>
      )}
      {c.reemplazado_por !== null && (
        <Tooltip label={t.clave.reemplazadoAyuda}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {t.clave.reemplazado}
          </Text>
        </Tooltip>
      )}
    </>
  );
}

const columnas: ColumnDef<Certificado>[] = [
  {
    id: 'alias',
    header: t.alias,
    cell: ({ row: { original: c } }) => (
      <>
        <Text size="sm" td={c.reemplazado_por !== null ? 'line-through' : undefined}>
          {c.alias ?? c.cn}
        </Text>
        <Text size="xs" c="dimmed">
          CN {c.cn}
        </Text>
      </>
    ),
  },
  {
    id: 'cuit',
    header: t.cert.cuit,
    cell: ({ row }) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatCuit(row.original.cuit)}
      </Text>
    ),
  },
  { id: 'ambiente', header: t.cert.ambiente, cell: ({ row }) => AMBIENTE_ETIQUETA[row.original.ambiente] },
  { id: 'servicios', header: t.cert.servicios, cell: ({ row }) => row.original.servicios.join(', ') },
  { id: 'emitido', header: t.cert.emitido, cell: ({ row }) => formatFecha(row.original.emitido) },
  { id: 'vence', header: t.cert.vence, cell: ({ row }) => formatFecha(row.original.vence) },
  {
    id: 'huella',
    header: t.cert.huella,
    cell: ({ row: { original: c } }) => (
      <Tooltip label={`${t.cert.serial} ${c.serial} · ${c.huella}`}>
        <Code>{c.huella.slice(0, 17)}…</Code>
      </Tooltip>
    ),
  },
  { id: 'clave', header: t.cert.clave, cell: ({ row }) => <EstadoClave c={row.original} /> },
];

interface CertificadosClienteProps {
  clienteId: number;
  certificados: Certificado[];
  puedeEditar: boolean;
  /** CLIENTES#CERTIFICADOS: may download a kept key. */
  puedeDescargarClave: boolean;
}

/** The buttons of a certificate row: renew it (a new request), download its kept key, edit, delete. */
function Acciones({
  c,
  clienteId,
  puedeEditar,
  puedeDescargarClave,
}: { c: Certificado } & Omit<CertificadosClienteProps, 'certificados'>) {
  const nombre = c.alias ?? c.cn;
  return (
    <Group gap={4} wrap="nowrap">
      {puedeEditar && c.reemplazado_por === null && (
        <Tooltip label={t.solicitud.renovar}>
          <ActionIcon
            variant="subtle"
            aria-label={`${t.solicitud.renovar} ${nombre}`}
            onClick={() => abrirSolicitud(clienteId, c)}
          >
            <IconRefresh size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {puedeDescargarClave && c.clave_guardada && (
        <Tooltip label={t.clave.descargar}>
          <ActionIcon
            variant="subtle"
            color="teal"
            aria-label={`${t.clave.descargar} ${nombre}`}
            onClick={() => abrirDescargarClave(c)}
          >
            <IconKey size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {puedeEditar && (
        <ItemAcciones tipo="certificado" id={c.id} nombre={nombre} onEditar={() => abrirCertificado(c)} />
      )}
    </Group>
  );
}

/**
 * The client's AFIP certificates: requested here (key and CSR) or imported from their file, then named and described.
 */
export function CertificadosCliente({
  clienteId,
  certificados,
  puedeEditar,
  puedeDescargarClave,
}: CertificadosClienteProps) {
  const conAcciones = puedeEditar || puedeDescargarClave;
  const columns: ColumnDef<Certificado>[] = conAcciones
    ? [
        ...columnas,
        {
          id: 'acciones',
          cell: ({ row }) => (
            <Acciones
              c={row.original}
              clienteId={clienteId}
              puedeEditar={puedeEditar}
              puedeDescargarClave={puedeDescargarClave}
            />
          ),
        },
      ]
    : columnas;
  return (
    <Seccion
      title={t.certificados}
      action={
        puedeEditar && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconFilePlus size={14} />}
              onClick={() => abrirSolicitud(clienteId)}
            >
              {t.solicitud.nuevo}
            </Button>
            <Button
              size="xs"
              leftSection={<IconCertificate size={14} />}
              onClick={() => abrirImportarCertificado(clienteId)}
            >
              {t.importar}
            </Button>
          </Group>
        )
      }
      vacio={certificados.length === 0 ? t.sinCertificados : null}
    >
      <DataTable
        label={t.certificados}
        columns={columns}
        rows={certificados}
        getRowId={(c) => String(c.id)}
        minWidth={1040}
      />
    </Seccion>
  );
}
